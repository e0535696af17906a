import type { ValidationKey } from '@club/shared/validation';
import { type TVatRate, VAT_RATES } from '@club/shared/vat';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../lib/text-keys.ts';
import { SelectField } from './fields.tsx';

/** A VAT rate's name, for every rate of @club/shared's list. */
const RATE_TEXT = {
  25: 'adminConsole.vat.rate_25',
  15: 'adminConsole.vat.rate_15',
  12: 'adminConsole.vat.rate_12',
  0: 'adminConsole.vat.rate_0',
} as const satisfies Record<TVatRate, TextKey>;

/** The Norwegian VAT rates the kiosk knows (`VAT_RATES`), each named by what it is for. */
export function VatRateSelect({
  name,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  name: string;
  label?: string;
  hint?: string;
  /** the rate as text, as a form holds it */
  value: string;
  onChange: (value: string) => void;
  error?: ValidationKey | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      name={name}
      label={label ?? t('adminConsole.vat.field')}
      hint={hint ?? t('adminConsole.vat.field_hint')}
      value={value}
      onChange={onChange}
      error={error}
      options={VAT_RATES.map((rate) => ({ value: String(rate), label: t(RATE_TEXT[rate]) }))}
    />
  );
}
