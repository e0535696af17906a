import { bookingEn } from '@club/shared/i18n/booking.en';
import { en } from '@club/shared/i18n/en';
import { webEn } from '@club/shared/i18n/web.en';
import { gamesEn } from '@club/shared/i18n/web-games.en';
import { inboxEn } from '@club/shared/i18n/web-inbox.en';
import { lightsEn } from '@club/shared/i18n/web-lights.en';
import { liveEn } from '@club/shared/i18n/web-live.en';
import { transferEn } from '@club/shared/i18n/web-transfer.en';
import { waitlistEn } from '@club/shared/i18n/web-waitlist.en';

/**
 * The English texts every screen may need, as in `@club/shared/i18n/resources`: a chunk
 * fetched with the page when English is the language in use; the texts of the console, the
 * payments, the shop and the privacy policy load with their screens (`TextGroup`).
 */
export const enTexts = {
  ...en,
  ...webEn,
  ...gamesEn,
  ...liveEn,
  ...lightsEn,
  ...inboxEn,
  ...transferEn,
  ...bookingEn,
  ...waitlistEn,
};
