import { parseKroner } from '@club/shared/money';
import { type TSubscriptionProduct, ZSubscriptionCreateBody } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import {
  CatalogueForm,
  type CatalogueFormProps,
  oreOrText,
  useCatalogueForm,
} from '../../../components/admin-catalogue-form.tsx';
import { TextField } from '../../../components/form.tsx';
import { VatRateSelect } from '../../../components/vat-rate-select.tsx';
import { formatMoney, kronerText } from '../../../lib/format.ts';
import type { SubscriptionFields } from '../api/create-subscription.ts';
import { wholeOrText } from '../lib/whole-or-text.ts';

type FieldName = 'name' | 'duration' | 'price' | 'vat_rate';

/** Prepaid hours in the catalogue: name, hours, price in kroner (sent as øre), for sale. */
export function SubscriptionForm({
  subscription,
  locale,
  ...page
}: {
  subscription?: TSubscriptionProduct | undefined;
} & CatalogueFormProps<SubscriptionFields, 'nb' | 'en'>) {
  const { t } = useTranslation();
  const labels: Record<FieldName, string> = {
    name: t('store.admin.field.name'),
    duration: t('store.admin.field.duration'),
    price: t('store.admin.field.price'),
    vat_rate: t('adminConsole.vat.field'),
  };
  const form = useCatalogueForm(
    ZSubscriptionCreateBody,
    {
      name: subscription?.name ?? '',
      duration: subscription ? String(subscription.duration) : '',
      price: subscription ? kronerText(subscription.price, locale) : '',
      active: subscription?.active ?? true,
      vat_rate: String(subscription?.vat_rate ?? 25),
    },
    labels,
    (next) => ({
      ...next,
      duration: wholeOrText(next.duration),
      price: oreOrText(next.price),
      vat_rate: Number(next.vat_rate),
    }),
  );
  const { values, set, field } = form;

  const hours = Number(values.duration.trim());
  const ore = parseKroner(values.price);
  const perHour = Number.isInteger(hours) && hours > 0 && ore !== null && ore >= 0 ? Math.round(ore / hours) : null;

  return (
    <CatalogueForm form={form} page={page} activeLabel={t('store.admin.field.subscription_active')}>
      <TextField {...field('name')} autoComplete="off" hint={t('store.admin.field.subscription_name_hint')} />
      <div className="form__grid">
        <TextField {...field('duration')} inputMode="numeric" autoComplete="off" />
        <TextField {...field('price')} autoComplete="off" hint={t('store.admin.field.price_hint')} />
      </div>
      <VatRateSelect
        name="vat_rate"
        value={values.vat_rate}
        onChange={(rate) => set('vat_rate', rate)}
        error={form.errors.vat_rate}
      />
      {perHour !== null && (
        <p className="muted small" aria-live="polite">
          {t('store.shop.per_hour', { price: formatMoney(perHour, locale) })}
        </p>
      )}
    </CatalogueForm>
  );
}
