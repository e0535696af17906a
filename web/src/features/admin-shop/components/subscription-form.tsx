import { parseKroner } from '@club/shared/money';
import { type TSubscriptionProduct, ZSubscriptionCreateBody } from '@club/shared/shop';
import { fieldErrors } from '@club/shared/validation';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../components/form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import type { SubscriptionFields } from '../api/create-subscription.ts';
import { kronerText, wholeOrText } from './fields.tsx';

type FieldName = 'name' | 'duration' | 'price';

interface Values {
  name: string;
  duration: string;
  price: string;
  active: boolean;
}

/** Prepaid hours in the catalogue: name, hours, price in kroner (sent as øre), for sale. */
export function SubscriptionForm({
  subscription,
  locale,
  submitLabel,
  busy,
  onSubmit,
  extraActions,
}: {
  subscription?: TSubscriptionProduct | undefined;
  locale: 'nb' | 'en';
  submitLabel: string;
  busy: boolean;
  onSubmit: (fields: SubscriptionFields, onServerError: (error: unknown) => void) => void;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({
    name: subscription?.name ?? '',
    duration: subscription ? String(subscription.duration) : '',
    price: subscription ? kronerText(subscription.price, locale) : '',
    active: subscription?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const labels: Record<FieldName, string> = {
    name: t('store.admin.field.name'),
    duration: t('store.admin.field.duration'),
    price: t('store.admin.field.price'),
  };

  function check(next: Values): { fields: SubscriptionFields } | { errors: Record<string, string> } {
    const price = parseKroner(next.price);
    const parsed = ZSubscriptionCreateBody.safeParse({
      name: next.name,
      duration: wholeOrText(next.duration),
      price: price ?? (next.price.trim() ? 'x' : undefined),
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

  const field = (name: FieldName) => ({
    name,
    label: labels[name],
    value: values[name],
    error: errors[name] ? t(errors[name], { field: labels[name] }) : undefined,
    onChange: (value: string) => set(name, value),
  });

  const hours = Number(values.duration.trim());
  const ore = parseKroner(values.price);
  const perHour = Number.isInteger(hours) && hours > 0 && ore !== null && ore >= 0 ? Math.round(ore / hours) : null;

  return (
    <form ref={formRef} className="form card" noValidate onSubmit={submit}>
      <TextField {...field('name')} autoComplete="off" hint={t('store.admin.field.subscription_name_hint')} />
      <div className="form__grid">
        <TextField {...field('duration')} inputMode="numeric" autoComplete="off" />
        <TextField {...field('price')} autoComplete="off" hint={t('store.admin.field.price_hint')} />
      </div>
      {perHour !== null && (
        <p className="muted small" aria-live="polite">
          {t('store.shop.per_hour', { price: formatMoney(perHour, locale) })}
        </p>
      )}
      <label className="check">
        <input
          type="checkbox"
          name="active"
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <span>{t('store.admin.field.subscription_active')}</span>
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
