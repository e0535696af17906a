import type { TLocale } from '../users.ts';
import { bookingEn } from './booking.en.ts';
import { bookingNb } from './booking.nb.ts';
import { cashEn } from './cash.en.ts';
import { cashNb } from './cash.nb.ts';
import { cashDayEn } from './cash-day.en.ts';
import { cashDayNb } from './cash-day.nb.ts';
import { en } from './en.ts';
import { mailEn } from './mail.en.ts';
import { mailNb } from './mail.nb.ts';
import { nb } from './nb.ts';
import { webEn } from './web.en.ts';
import { webNb } from './web.nb.ts';
import { tillEn } from './web-cash.en.ts';
import { tillNb } from './web-cash.nb.ts';
import { adminConsoleEn } from './web-console.en.ts';
import { adminConsoleNb } from './web-console.nb.ts';
import { counterEn } from './web-counter.en.ts';
import { counterNb } from './web-counter.nb.ts';
import { devicesEn } from './web-devices.en.ts';
import { devicesNb } from './web-devices.nb.ts';
import { gamesEn } from './web-games.en.ts';
import { gamesNb } from './web-games.nb.ts';
import { inboxEn } from './web-inbox.en.ts';
import { inboxNb } from './web-inbox.nb.ts';
import { lightsEn } from './web-lights.en.ts';
import { lightsNb } from './web-lights.nb.ts';
import { liveEn } from './web-live.en.ts';
import { liveNb } from './web-live.nb.ts';
import { payEn } from './web-pay.en.ts';
import { payNb } from './web-pay.nb.ts';
import { privacyEn } from './web-privacy.en.ts';
import { privacyNb } from './web-privacy.nb.ts';
import { storeEn } from './web-store.en.ts';
import { storeNb } from './web-store.nb.ts';
import { transferEn } from './web-transfer.en.ts';
import { transferNb } from './web-transfer.nb.ts';
import { waitlistEn } from './web-waitlist.en.ts';
import { waitlistNb } from './web-waitlist.nb.ts';

export type TextTree = { [key: string]: string | TextTree };

/**
 * Merges text modules at any depth: the web loads some of a group's texts with the app
 * and the rest with the screens that need them (`admin.*.title` with the side menu, the
 * other `admin.*` texts with the console), so two modules may fill one object.
 */
export function mergeTexts(...parts: object[]): TextTree {
  const out: TextTree = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part) as [string, string | TextTree][]) {
      const here = out[key];
      out[key] = typeof value === 'object' && typeof here === 'object' ? mergeTexts(here, value) : value;
    }
  }
  return out;
}

/** i18next resources: one `translation` namespace per language; `nb` is the default. */
export const resources: Record<TLocale, { translation: TextTree }> = {
  nb: {
    translation: mergeTexts(
      nb,
      mailNb,
      webNb,
      gamesNb,
      payNb,
      storeNb,
      liveNb,
      lightsNb,
      devicesNb,
      privacyNb,
      adminConsoleNb,
      inboxNb,
      transferNb,
      cashNb,
      counterNb,
      cashDayNb,
      tillNb,
      bookingNb,
      waitlistNb,
    ),
  },
  en: {
    translation: mergeTexts(
      en,
      mailEn,
      webEn,
      gamesEn,
      payEn,
      storeEn,
      liveEn,
      lightsEn,
      devicesEn,
      privacyEn,
      adminConsoleEn,
      inboxEn,
      transferEn,
      cashEn,
      counterEn,
      cashDayEn,
      tillEn,
      bookingEn,
      waitlistEn,
    ),
  },
};

export const FALLBACK_LOCALE: TLocale = 'en';

/**
 * Looks up a dotted key (`error.table_full`) in a language and fills `{{name}}` slots;
 * for the server (e-mails, logs), where i18next is not loaded.
 */
export function translate(locale: TLocale, key: string, values: Record<string, string | number> = {}): string {
  const find = (root: unknown): string | undefined => {
    let node = root;
    for (const part of key.split('.')) {
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const text = find(resources[locale].translation) ?? find(resources[FALLBACK_LOCALE].translation) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
