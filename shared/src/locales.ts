/** The languages and the shop role, without the schemas of users.ts: the web's first download needs them, not zod. */
export const LOCALES = ['nb', 'en'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'nb';

/** Role 3 (guests) lands in the shop instead of the home page (SPEC §6). */
export const SHOP_ROLE_ID = 3;
