import { en } from '@club/shared/i18n/en';
import { webEn } from '@club/shared/i18n/web.en';
import { gamesEn } from '@club/shared/i18n/web-games.en';
import { inboxEn } from '@club/shared/i18n/web-inbox.en';
import { liveEn } from '@club/shared/i18n/web-live.en';
import { payEn } from '@club/shared/i18n/web-pay.en';
import { storeEn } from '@club/shared/i18n/web-store.en';

/**
 * The English texts, merged as in `@club/shared/i18n/resources`: fetched only when someone
 * picks English; the admin console's load with its screens (texts-admin-en.ts).
 */
export const enTexts = { ...en, ...webEn, ...gamesEn, ...payEn, ...storeEn, ...liveEn, ...inboxEn };
