/** Texts of the web app's screens for orders and payments (issue 6) (English). */
export const payEn = {
  pay: {
    title: 'Payment',
  },
};
