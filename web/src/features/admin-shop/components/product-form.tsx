import { parseKroner } from '@club/shared/money';
import { type TProduct, ZProductCreateBody } from '@club/shared/shop';
import { fieldErrors } from '@club/shared/validation';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../components/form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { ProductFields } from '../api/create-product.ts';
import { kronerText, TextAreaField, wholeOrText } from './fields.tsx';

type FieldName = 'name' | 'description' | 'price' | 'count';

interface Values {
  name: string;
  description: string;
  price: string;
  count: string;
  active: boolean;
}

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
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? kronerText(product.price, locale) : '',
    count: String(product?.count ?? 0),
    active: product?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const labels: Record<FieldName, string> = {
    name: t('store.admin.field.name'),
    description: t('store.admin.field.description'),
    price: t('store.admin.field.price'),
    count: t('store.admin.field.count'),
  };

  function check(next: Values): { fields: ProductFields } | { errors: Record<string, string> } {
    const price = parseKroner(next.price);
    const parsed = ZProductCreateBody.safeParse({
      name: next.name,
      description: next.description,
      price: price ?? (next.price.trim() ? 'x' : undefined),
      count: wholeOrText(next.count),
      active: next.active,
    });
    return parsed.success ? { fields: parsed.data } : { errors: fieldErrors(parsed.error) };
  }

  function set<K extends keyof Values>(name: K, value: Values[K]) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) {
      const result = check(next);
      setErrors('errors' in result ? result.errors : {});
    }
  }

  function focusFirst(errs: Record<string, string>) {
    const first = Object.keys(errs)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const result = check(values);
    if ('errors' in result) {
      setErrors(result.errors);
      focusFirst(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.fields, (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusFirst(error.fields);
      }
    });
  }

  const errorOf = (name: FieldName) => (errors[name] ? t(errors[name], { field: labels[name] }) : undefined);
  const field = (name: Exclude<FieldName, 'description'>) => ({
    name,
    label: labels[name],
    value: values[name],
    error: errorOf(name),
    onChange: (value: string) => set(name, value),
  });

  return (
    <form ref={formRef} className="form card" noValidate onSubmit={submit}>
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
