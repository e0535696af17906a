import { type TProduct, ZProductCreateBody } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import { CatalogueForm, type CatalogueFormProps, useCatalogueForm } from '../../../components/admin-catalogue-form.tsx';
import { TextAreaField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/form.tsx';
import type { ProductFields } from '../api/create-product.ts';
import { wholeOrText } from '../lib/whole-or-text.ts';
import { SaleVatField, saleLabels, salePrepared, saleValues } from './sale-fields.tsx';

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
    ...saleLabels(t),
    description: t('store.admin.field.description'),
    count: t('store.admin.field.count'),
  };
  const form = useCatalogueForm(
    ZProductCreateBody,
    {
      ...saleValues(product, locale),
      description: product?.description ?? '',
      count: String(product?.count ?? 0),
    },
    labels,
    (next) => ({
      ...next,
      ...salePrepared(next),
      count: wholeOrText(next.count),
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
      <SaleVatField form={form} />
    </CatalogueForm>
  );
}
