import { type TProduct, ZProductCreateBody } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import {
  CatalogueForm,
  type CatalogueFormProps,
  oreOrText,
  useCatalogueForm,
} from '../../../components/admin-catalogue-form.tsx';
import { TextAreaField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/form.tsx';
import { VatRateSelect } from '../../../components/vat-rate-select.tsx';
import { kronerText } from '../../../lib/format.ts';
import type { ProductFields } from '../api/create-product.ts';
import { wholeOrText } from '../lib/whole-or-text.ts';

type FieldName = 'name' | 'description' | 'price' | 'count' | 'vat_rate';

/**
 * A product's details: name, description, price in kroner (sent as øre), stock and whether
 * it is on sale. Checked with the shared schema the API uses; server field errors land here.
 */
export function ProductForm({
  product,
  locale,
  ...page
}: {
  product?: TProduct | undefined;
} & CatalogueFormProps<ProductFields>) {
  const { t } = useTranslation();
  const labels: Record<FieldName, string> = {
    name: t('store.admin.field.name'),
    description: t('store.admin.field.description'),
    price: t('store.admin.field.price'),
    count: t('store.admin.field.count'),
    vat_rate: t('adminConsole.vat.field'),
  };
  const form = useCatalogueForm(
    ZProductCreateBody,
    {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product ? kronerText(product.price, locale) : '',
      count: String(product?.count ?? 0),
      active: product?.active ?? true,
      vat_rate: String(product?.vat_rate ?? 25),
    },
    labels,
    (next) => ({
      ...next,
      price: oreOrText(next.price),
      count: wholeOrText(next.count),
      vat_rate: Number(next.vat_rate),
    }),
  );
  const { values, set, errorOf, field } = form;

  return (
    <CatalogueForm form={form} page={page} activeLabel={t('store.admin.field.product_active')}>
      <TextField {...field('name')} autoComplete="off" />
      <TextAreaField
        name="description"
        label={labels.description}
        value={values.description}
        onChange={(value) => set('description', value)}
        message={errorOf('description')}
        required={false}
      />
      <div className="form__grid">
        <TextField {...field('price')} autoComplete="off" hint={t('store.admin.field.price_hint')} />
        <TextField
          {...field('count')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('store.admin.field.count_hint')}
        />
      </div>
      <VatRateSelect
        name="vat_rate"
        value={values.vat_rate}
        onChange={(rate) => set('vat_rate', rate)}
        error={form.errors.vat_rate}
      />
    </CatalogueForm>
  );
}
