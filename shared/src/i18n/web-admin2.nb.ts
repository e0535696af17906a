import type { Texts } from './en.ts';
import type { adminConsoleEn } from './web-admin2.en.ts';

/** Texts of the web app's screens for the admin console (bokmål). */
export const adminConsoleNb: Texts<typeof adminConsoleEn> = {
  adminConsole: {
    title: ' dashboard, roles, pricing, discounts, notifications, reports (issue 8)',
  },
};
