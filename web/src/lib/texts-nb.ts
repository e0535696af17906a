import { bookingNb } from '@club/shared/i18n/booking.nb';
import { nb } from '@club/shared/i18n/nb';
import { webNb } from '@club/shared/i18n/web.nb';
import { gamesNb } from '@club/shared/i18n/web-games.nb';
import { inboxNb } from '@club/shared/i18n/web-inbox.nb';
import { lightsNb } from '@club/shared/i18n/web-lights.nb';
import { liveNb } from '@club/shared/i18n/web-live.nb';
import { transferNb } from '@club/shared/i18n/web-transfer.nb';
import { waitlistNb } from '@club/shared/i18n/web-waitlist.nb';

/**
 * The bokmål texts every screen may need, as in `@club/shared/i18n/resources`: a chunk
 * fetched with the page when bokmål is the language in use; the texts of the console, the
 * payments, the shop and the privacy policy load with their screens (`TextGroup`).
 */
export const nbTexts = {
  ...nb,
  ...webNb,
  ...gamesNb,
  ...liveNb,
  ...lightsNb,
  ...inboxNb,
  ...transferNb,
  ...bookingNb,
  ...waitlistNb,
};
