import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@club/shared/locales';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TextKey } from './text-keys.ts';

// also read, before the app loads, by the preload script (web/plugins/preload-first-screen.ts)
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): TLocale {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export const i18n: I18n = i18next.createInstance();

/** A key built at run time (a form's field, a report's column) that has a text: `t()` may take it. */
export function hasText(key: string): key is TextKey {
  return i18n.exists(key);
}

/**
 * A field's name in words (`field.<name>`), for messages such as '{field} is required.' A
 * field without a text of its own (a nested path, a name the catalogue lacks) is called
 * 'the field' in the reader's language, never by its schema name (`party_size`).
 */
export function fieldLabel(t: TFunction, name: string): string {
  const key = `field.${name}`;
  return hasText(key) ? t(key) : t('field.this');
}

type Load = () => Promise<object>;

// only the language in use comes before the first render (the player's bundle budget), in
// either language: each is a chunk of its own, preloaded with the page (web/plugins/preload-first-screen.ts)
export const CORE_TEXTS: Record<TLocale, Load> = {
  nb: async () => (await import('./texts-nb.ts')).nbTexts,
  en: async () => (await import('./texts-en.ts')).enTexts,
};

/**
 * Texts that only some screens use: they load with those screens (`lazyPage` in the router;
 * screen-texts.test.ts checks that each screen names the groups of the texts it shows). The
 * build reads this object to preload a first screen's groups with its code
 * (web/plugins/text-groups.ts): each loader names its modules in `import('…')`.
 */
export type TextGroup =
  | 'admin'
  | 'pay'
  | 'store'
  | 'privacy'
  | 'cash'
  | 'counter'
  | 'games'
  | 'booking'
  | 'waitlist'
  | 'transfer';

export const TEXT_GROUPS: Record<TextGroup, Record<TLocale, Load>> = {
  // the device screens' texts ride with the console's: the live floor and the tables admin show them too
  admin: {
    nb: async () => {
      const [consoleTexts, deviceTexts] = await Promise.all([
        import('@club/shared/i18n/web-console.nb'),
        import('@club/shared/i18n/web-devices.nb'),
      ]);
      return { ...consoleTexts.adminConsoleNb, ...deviceTexts.devicesNb };
    },
    en: async () => {
      const [consoleTexts, deviceTexts] = await Promise.all([
        import('@club/shared/i18n/web-console.en'),
        import('@club/shared/i18n/web-devices.en'),
      ]);
      return { ...consoleTexts.adminConsoleEn, ...deviceTexts.devicesEn };
    },
  },
  pay: {
    nb: async () => (await import('@club/shared/i18n/web-pay.nb')).payNb,
    en: async () => (await import('@club/shared/i18n/web-pay.en')).payEn,
  },
  store: {
    nb: async () => (await import('@club/shared/i18n/web-store.nb')).storeNb,
    en: async () => (await import('@club/shared/i18n/web-store.en')).storeEn,
  },
  privacy: {
    nb: async () => (await import('@club/shared/i18n/web-privacy.nb')).privacyNb,
    en: async () => (await import('@club/shared/i18n/web-privacy.en')).privacyEn,
  },
  cash: {
    nb: async () => (await import('@club/shared/i18n/web-cash.nb')).tillNb,
    en: async () => (await import('@club/shared/i18n/web-cash.en')).tillEn,
  },
  counter: {
    nb: async () => (await import('@club/shared/i18n/web-counter.nb')).counterNb,
    en: async () => (await import('@club/shared/i18n/web-counter.en')).counterEn,
  },
  // the player's games: the tables' screens, and the staff's tables
  games: {
    nb: async () => (await import('@club/shared/i18n/web-games.nb')).gamesNb,
    en: async () => (await import('@club/shared/i18n/web-games.en')).gamesEn,
  },
  booking: {
    nb: async () => (await import('@club/shared/i18n/booking.nb')).bookingNb,
    en: async () => (await import('@club/shared/i18n/booking.en')).bookingEn,
  },
  // the waitlist and the push notifications that call its players
  waitlist: {
    nb: async () => (await import('@club/shared/i18n/web-waitlist.nb')).waitlistNb,
    en: async () => (await import('@club/shared/i18n/web-waitlist.en')).waitlistEn,
  },
  transfer: {
    nb: async () => (await import('@club/shared/i18n/web-transfer.nb')).transferNb,
    en: async () => (await import('@club/shared/i18n/web-transfer.en')).transferEn,
  },
};

const wanted = new Set<TextGroup>();
const loaded: Record<TLocale, Set<TextGroup>> = { nb: new Set(), en: new Set() };

async function loadTexts(locale: TLocale): Promise<void> {
  const groups = [...wanted].filter((group) => !loaded[locale].has(group));
  const core = i18n.hasResourceBundle(locale, 'translation') ? null : CORE_TEXTS[locale]();
  const [coreTexts, ...groupTexts] = await Promise.all([core, ...groups.map((group) => TEXT_GROUPS[group][locale]())]);
  // deep: a group may add to an object of the core texts (`admin` holds the menu's titles)
  if (coreTexts) i18n.addResourceBundle(locale, 'translation', coreTexts, true, true);
  for (const [i, texts] of groupTexts.entries()) {
    i18n.addResourceBundle(locale, 'translation', texts, true, true);
    loaded[locale].add(groups[i] as TextGroup);
  }
}

/** A screen's text groups, in the language in use and every other one loaded so far. */
export async function loadTextGroups(groups: readonly TextGroup[]): Promise<void> {
  for (const group of groups) wanted.add(group);
  const locales = LOCALES.filter((l) => l === currentLocale() || i18n.hasResourceBundle(l, 'translation'));
  await Promise.all(locales.map(loadTexts));
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Resolves when the stored language's texts are there: render after it (main.tsx). */
export const i18nReady: Promise<void> = loadTexts(storedLocale()).catch((error: unknown) => {
  // offline on the first load: the screens show their keys rather than nothing
  console.error('[i18n] could not load the texts', error);
});

function applyLang(lng: string) {
  document.documentElement.lang = lng;
}
applyLang(i18n.language);
i18n.on('languageChanged', applyLang);

export function currentLocale(): TLocale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the UI language and remembers it on this device. */
export async function setLocale(locale: TLocale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts this visit only
  }
  await loadTexts(locale);
  await i18n.changeLanguage(locale);
}
