import { useTranslation } from 'react-i18next';
import { setTheme, THEMES, useTheme } from '../lib/theme.ts';
import { SegmentedField } from './segmented.tsx';

export function ThemeSwitch() {
  const { t } = useTranslation();
  return (
    <SegmentedField
      legend={t('theme.label')}
      options={THEMES}
      value={useTheme()}
      onChange={setTheme}
      label={(name) => (name === 'dark' ? t('theme.dark') : t('theme.light'))}
    />
  );
}
