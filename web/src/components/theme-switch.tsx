import { useTranslation } from 'react-i18next';
import { setTheme, THEMES, useTheme } from '../lib/theme.ts';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{t('theme.label')}</legend>
      {THEMES.map((name) => (
        <button
          key={name}
          type="button"
          className="segmented__option"
          aria-pressed={theme === name}
          onClick={() => setTheme(name)}
        >
          {name === 'dark' ? t('theme.dark') : t('theme.light')}
        </button>
      ))}
    </fieldset>
  );
}
