import { parseKroner } from '@club/shared/money';
import { type TProduct, ZProductCreateBody } from '@club/shared/shop';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../components/form.tsx';
import { useForm } from '../../../lib/form.ts';
import { kronerText } from '../../../lib/format.ts';
import type { ProductFields } from '../api/create-product.ts';
import { TextAreaField, wholeOrText } from './fields.tsx';

type FieldName = 'name' | 'description' | 'price' | 'count';

/**
 * A product's details: name, description, price in kroner (sent as øre), stock and whether
 * it is on sale. Checked with the shared schema the API uses; server field errors land here.
 */
export function ProductForm({
  product,
  locale,
  submitLabel,
  busy,
  onSubmit,
  extraActions,
}: {
  product?: TProduct | undefined;
  locale: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (fields: ProductFields, onServerError: (error: unknown) => void) => void;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const labels: Record<FieldName, string> = {
    name: t('store.admin.field.name'),
    description: t('store.admin.field.description'),
    price: t('store.admin.field.price'),
    count: t('store.admin.field.count'),
  };
  const form = useForm(
    ZProductCreateBody,
    {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product ? kronerText(product.price, locale) : '',
      count: String(product?.count ?? 0),
      active: product?.active ?? true,
    },
    {
      // kroner as typed become øre; what is not a number reaches the schema as text
      prepare: (next) => ({
        ...next,
        price: parseKroner(next.price) ?? (next.price.trim() ? 'x' : undefined),
        count: wholeOrText(next.count),
      }),
      label: (name) => labels[name as FieldName],
    },
  );
  const { values, set, errorOf } = form;

  const field = (name: Exclude<FieldName, 'description'>) => ({ ...form.field(name), label: labels[name] });

  return (
    <form
      ref={form.formRef}
      className="form card"
      noValidate
      onSubmit={form.handleSubmit((fields) => onSubmit(fields, form.applyServerError))}
    >
      <TextField {...field('name')} autoComplete="off" />
      <TextAreaField
        name="description"
        label={labels.description}
        value={values.description}
        onChange={(value) => set('description', value)}
        error={errorOf('description')}
        optionalLabel={t('common.optional')}
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
      <label className="check">
        <input
          type="checkbox"
          name="active"
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <span>{t('store.admin.field.product_active')}</span>
      </label>
      <div className="store-actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
