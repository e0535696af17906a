import { LOCALES, type TLocale } from '@club/shared/locales';
import { useTranslation } from 'react-i18next';
import { useChangeLocale } from '../lib/locale.ts';

/** Norsk / English, as a pair of toggle buttons. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { locale, change } = useChangeLocale();
  const names: Record<TLocale, string> = { nb: t('language.nb'), en: t('language.en') };
  return (
    <fieldset className={compact ? 'segmented segmented--compact' : 'segmented'}>
      <legend className={compact ? 'visually-hidden' : 'segmented__legend'}>{t('language.label')}</legend>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="segmented__option"
          aria-pressed={locale === code}
          onClick={() => void change(code)}
        >
          {compact ? code.toUpperCase() : names[code]}
          {compact && <span className="visually-hidden"> {names[code]}</span>}
        </button>
      ))}
    </fieldset>
  );
}
