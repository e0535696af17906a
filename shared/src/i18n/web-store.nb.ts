import type { Texts } from './en.ts';
import type { storeEn } from './web-store.en.ts';

/** Texts of the web app's screens for shop, cart and subscriptions (issue 7) (bokmål). */
export const storeNb: Texts<typeof storeEn> = {
  store: {
    title: 'Butikk',
  },
};
