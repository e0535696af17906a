import { parseKroner } from '@club/shared/money';
import { type TSubscriptionProduct, ZSubscriptionCreateBody } from '@club/shared/shop';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '../../../components/form.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatMoney, kronerText } from '../../../lib/format.ts';
import type { SubscriptionFields } from '../api/create-subscription.ts';
import { wholeOrText } from './fields.tsx';

type FieldName = 'name' | 'duration' | 'price';

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
  const labels: Record<FieldName, string> = {
    name: t('store.admin.field.name'),
    duration: t('store.admin.field.duration'),
    price: t('store.admin.field.price'),
  };
  const form = useForm(
    ZSubscriptionCreateBody,
    {
      name: subscription?.name ?? '',
      duration: subscription ? String(subscription.duration) : '',
      price: subscription ? kronerText(subscription.price, locale) : '',
      active: subscription?.active ?? true,
    },
    {
      // kroner as typed become øre; what is not a number reaches the schema as text
      prepare: (next) => ({
        ...next,
        duration: wholeOrText(next.duration),
        price: parseKroner(next.price) ?? (next.price.trim() ? 'x' : undefined),
      }),
      label: (name) => labels[name as FieldName],
    },
  );
  const { values, set } = form;
  const field = (name: FieldName) => ({ ...form.field(name), label: labels[name] });

  const hours = Number(values.duration.trim());
  const ore = parseKroner(values.price);
  const perHour = Number.isInteger(hours) && hours > 0 && ore !== null && ore >= 0 ? Math.round(ore / hours) : null;

  return (
    <form
      ref={form.formRef}
      className="form card"
      noValidate
      onSubmit={form.handleSubmit((fields) => onSubmit(fields, form.applyServerError))}
    >
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
