import type { bookingEn } from '@club/shared/i18n/booking.en';
import type { tillEn } from '@club/shared/i18n/web-cash.en';
import type { adminConsoleEn } from '@club/shared/i18n/web-console.en';
import type { counterEn } from '@club/shared/i18n/web-counter.en';
import type { devicesEn } from '@club/shared/i18n/web-devices.en';
import type { gamesEn } from '@club/shared/i18n/web-games.en';
import type { payEn } from '@club/shared/i18n/web-pay.en';
import type { privacyEn } from '@club/shared/i18n/web-privacy.en';
import type { storeEn } from '@club/shared/i18n/web-store.en';
import type { transferEn } from '@club/shared/i18n/web-transfer.en';
import type { waitlistEn } from '@club/shared/i18n/web-waitlist.en';
import type { ParseKeys } from 'i18next';
import type { enTexts } from './texts-en.ts';

/**
 * Every text the web app loads: the core texts and each screen group's (`TextGroup` in
 * i18n.ts), merged deep as i18next merges them. English is the shape; each bokmål module is
 * typed as the same shape (`Texts<typeof …En>`), so a key missing in either fails typecheck.
 */
type WebTexts = typeof enTexts &
  typeof adminConsoleEn &
  typeof devicesEn &
  typeof payEn &
  typeof storeEn &
  typeof privacyEn &
  typeof tillEn &
  typeof counterEn &
  typeof gamesEn &
  typeof bookingEn &
  typeof waitlistEn &
  typeof transferEn;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: WebTexts };
    // a default text must not let a key that does not exist through
    strictKeyChecks: true;
    // the texts are typed `string`, not their words: nothing to read `{{slots}}` from
    parseInterpolation: false;
  }
}

/**
 * A key of the texts (`common.save`, or a plural's base `pay.covered.method`): `t()` takes
 * no other. A key built from a value is a map from the value to its key, written once with
 * `satisfies Record<Value, TextKey>`, so a value without its text fails typecheck.
 */
export type TextKey = ParseKeys<'translation'>;
