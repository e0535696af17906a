import { nb } from '@club/shared/i18n/nb';
import { webNb } from '@club/shared/i18n/web.nb';
import { gamesNb } from '@club/shared/i18n/web-games.nb';
import { inboxNb } from '@club/shared/i18n/web-inbox.nb';
import { liveNb } from '@club/shared/i18n/web-live.nb';
import { payNb } from '@club/shared/i18n/web-pay.nb';
import { storeNb } from '@club/shared/i18n/web-store.nb';

/**
 * The bokmål texts, merged as in `@club/shared/i18n/resources`: the default language ships
 * in the entry chunk; the admin console's texts load with its screens (texts-admin-nb.ts).
 */
export const nbTexts = { ...nb, ...webNb, ...gamesNb, ...payNb, ...storeNb, ...liveNb, ...inboxNb };
