import { en } from '@club/shared/i18n/en';
import { webEn } from '@club/shared/i18n/web.en';
import { inboxEn } from '@club/shared/i18n/web-inbox.en';
import { lightsEn } from '@club/shared/i18n/web-lights.en';
import { liveEn } from '@club/shared/i18n/web-live.en';

/**
 * The English texts every screen may need, as in `@club/shared/i18n/resources`: a chunk
 * fetched with the page when English is the language in use; the texts only some screens
 * show (the console's, the payments', the games', the bookings'…) load with those screens
 * (`TextGroup`).
 */
export const enTexts = {
  ...en,
  ...webEn,
  ...liveEn,
  ...lightsEn,
  ...inboxEn,
};
