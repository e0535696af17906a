/** Texts of the web app's screens for shop, cart and subscriptions (issue 7) (English). */
export const storeEn = {
  store: {
    title: 'Shop',
  },
};
