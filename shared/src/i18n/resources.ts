import type { TLocale } from '../users.ts';
import { en } from './en.ts';
import { nb } from './nb.ts';
import { webEn } from './web.en.ts';
import { webNb } from './web.nb.ts';
import { adminConsoleEn } from './web-admin2.en.ts';
import { adminConsoleNb } from './web-admin2.nb.ts';
import { gamesEn } from './web-games.en.ts';
import { gamesNb } from './web-games.nb.ts';
import { inboxEn } from './web-inbox.en.ts';
import { inboxNb } from './web-inbox.nb.ts';
import { liveEn } from './web-live.en.ts';
import { liveNb } from './web-live.nb.ts';
import { payEn } from './web-pay.en.ts';
import { payNb } from './web-pay.nb.ts';
import { storeEn } from './web-store.en.ts';
import { storeNb } from './web-store.nb.ts';

/**
 * i18next resources: one `translation` namespace per language; `nb` is the default. The
 * console's texts and the inbox's share `adminConsole` but not a module (the web loads the
 * console's with its screens).
 */
export const resources = {
  nb: {
    translation: {
      ...nb,
      ...webNb,
      ...gamesNb,
      ...payNb,
      ...storeNb,
      ...liveNb,
      adminConsole: { ...adminConsoleNb.adminConsole, ...inboxNb.adminConsole },
    },
  },
  en: {
    translation: {
      ...en,
      ...webEn,
      ...gamesEn,
      ...payEn,
      ...storeEn,
      ...liveEn,
      adminConsole: { ...adminConsoleEn.adminConsole, ...inboxEn.adminConsole },
    },
  },
} as const;

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
