import type { Texts } from './en.ts';
import type { payEn } from './web-pay.en.ts';

/** Texts of the web app's screens for orders and payments (issue 6) (bokmål). */
export const payNb: Texts<typeof payEn> = {
  pay: {
    title: 'Betaling',
  },
};
