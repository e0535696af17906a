import { ERROR_KEYS } from '@club/shared/errors';
import { VALIDATION_KEYS } from '@club/shared/validation';
import { describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale, type TextGroup } from './i18n.ts';

// every group, so that a new one is checked too (a group left out here fails typecheck)
const EVERY_GROUP: Record<TextGroup, true> = {
  admin: true,
  pay: true,
  store: true,
  privacy: true,
  cash: true,
  counter: true,
  games: true,
  booking: true,
  waitlist: true,
  transfer: true,
};
const GROUPS = Object.keys(EVERY_GROUP) as TextGroup[];

/**
 * A refusal or a field rule the server answers is shown in words on a screen: each has its
 * text in the texts the web app loads (the core and its screen groups), not only in the
 * server's own (receipts, e-mails).
 */
describe('the web app’s texts', () => {
  it.each(['nb', 'en'] as const)('hold every error key and field rule (%s)', async (locale) => {
    await setLocale(locale);
    await loadTextGroups(GROUPS);
    const missing = [...ERROR_KEYS, ...VALIDATION_KEYS].filter(
      (key) => !i18n.exists(key, { lng: locale, fallbackLng: false }),
    );
    expect(missing).toEqual([]);
  });
});
