import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@club/shared/locales';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { nbTexts } from './texts-nb.ts';

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

// one language in the first download (the player's bundle budget): bokmål, the default,
// is in the entry chunk; English is fetched when it is the stored choice or picked
const loaders: Record<TLocale, () => Promise<Record<string, unknown>>> = {
  nb: async () => nbTexts,
  en: async () => (await import('./texts-en.ts')).enTexts,
};

// the admin console's texts come with its screens (`loadAdminTexts` in the router), in
// every language used from then on
const adminLoaders: Record<TLocale, () => Promise<Record<string, unknown>>> = {
  nb: async () => (await import('@club/shared/i18n/web-admin2.nb')).adminConsoleNb,
  en: async () => (await import('@club/shared/i18n/web-admin2.en')).adminConsoleEn,
};
let adminWanted = false;
const adminLoaded = new Set<TLocale>();

async function loadTexts(locale: TLocale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loaders[locale](), true, true);
  }
  if (adminWanted && !adminLoaded.has(locale)) {
    // deep: `adminConsole` already holds the inbox's texts
    i18n.addResourceBundle(locale, 'translation', await adminLoaders[locale](), true, true);
    adminLoaded.add(locale);
  }
}

/** The admin console's texts in every language loaded so far, for its screens. */
export async function loadAdminTexts(): Promise<void> {
  adminWanted = true;
  await Promise.all(LOCALES.filter((l) => i18n.hasResourceBundle(l, 'translation')).map(loadTexts));
}

void i18n.use(initReactI18next).init({
  resources: { nb: { translation: nbTexts } },
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
  // offline on first load in English: bokmål texts rather than none
  console.error('[i18n] could not load the texts', error);
  void i18n.changeLanguage(DEFAULT_LOCALE);
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
