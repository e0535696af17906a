import { VAT_RATES } from '@club/shared/vat';
import { useTranslation } from 'react-i18next';
import { SelectField } from './fields.tsx';

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
  error?: string | undefined;
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
      options={VAT_RATES.map((rate) => ({ value: String(rate), label: t(`adminConsole.vat.rate_${rate}`) }))}
    />
  );
}
