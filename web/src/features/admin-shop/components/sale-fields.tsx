import type { TFunction } from 'i18next';
import { oreOrText } from '../../../components/admin-catalogue-form.tsx';
import { VatRateSelect } from '../../../components/vat-rate-select.tsx';
import { kronerText } from '../../../lib/format.ts';
import type { Errors } from '../../../lib/validate.ts';

/**
 * What every item for sale in the shop has, products and prepaid hours alike: a name, a price
 * in kroner (sent as øre), a VAT rate and whether it is on sale.
 */
interface SaleItem {
  name: string;
  price: number;
  active: boolean;
  vat_rate: number;
}

type SaleValues = { name: string; price: string; active: boolean; vat_rate: string };

export function saleLabels(t: TFunction) {
  return {
    name: t('store.admin.field.name'),
    price: t('store.admin.field.price'),
    vat_rate: t('adminConsole.vat.field'),
  };
}

/** The form's values of an item (or a new one), the price as kroner text in the reader's language. */
export function saleValues(item: SaleItem | undefined, locale: string): SaleValues {
  return {
    name: item?.name ?? '',
    price: item ? kronerText(item.price, locale) : '',
    active: item?.active ?? true,
    vat_rate: String(item?.vat_rate ?? 25),
  };
}

/** The price and the rate as the schema reads them. */
export function salePrepared(values: SaleValues) {
  return { price: oreOrText(values.price), vat_rate: Number(values.vat_rate) };
}

/** The item's VAT rate, a select of the rates the kiosk knows. */
export function SaleVatField({
  form,
}: {
  form: { values: { vat_rate: string }; set: (name: 'vat_rate', value: string) => void; errors: Errors };
}) {
  return (
    <VatRateSelect
      name="vat_rate"
      value={form.values.vat_rate}
      onChange={(rate) => form.set('vat_rate', rate)}
      error={form.errors.vat_rate}
    />
  );
}
