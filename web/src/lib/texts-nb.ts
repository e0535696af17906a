import { nb } from '@club/shared/i18n/nb';
import { webNb } from '@club/shared/i18n/web.nb';
import { adminConsoleNb } from '@club/shared/i18n/web-admin2.nb';
import { gamesNb } from '@club/shared/i18n/web-games.nb';
import { liveNb } from '@club/shared/i18n/web-live.nb';
import { payNb } from '@club/shared/i18n/web-pay.nb';
import { storeNb } from '@club/shared/i18n/web-store.nb';

/** The bokmål texts, merged as in `@club/shared/i18n/resources`: the default language ships in the entry chunk. */
export const nbTexts = { ...nb, ...webNb, ...gamesNb, ...payNb, ...storeNb, ...adminConsoleNb, ...liveNb };
