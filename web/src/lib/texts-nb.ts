import { nb } from '@club/shared/i18n/nb';
import { webNb } from '@club/shared/i18n/web.nb';
import { inboxNb } from '@club/shared/i18n/web-inbox.nb';
import { lightsNb } from '@club/shared/i18n/web-lights.nb';
import { liveNb } from '@club/shared/i18n/web-live.nb';

/**
 * The bokmål texts every screen may need, as in `@club/shared/i18n/resources`: a chunk
 * fetched with the page when bokmål is the language in use; the texts only some screens
 * show (the console's, the payments', the games', the bookings'…) load with those screens
 * (`TextGroup`).
 */
export const nbTexts = {
  ...nb,
  ...webNb,
  ...liveNb,
  ...lightsNb,
  ...inboxNb,
};
