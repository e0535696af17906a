import { parseKroner } from '@club/shared/money';
import { type TSubscriptionProduct, ZSubscriptionCreateBody } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import { CatalogueForm, type CatalogueFormProps, useCatalogueForm } from '../../../components/admin-catalogue-form.tsx';
import { CheckField } from '../../../components/fields.tsx';
import { TextField } from '../../../components/form.tsx';
import { formatMoney } from '../../../lib/format.ts';
import type { SubscriptionFields } from '../api/create-subscription.ts';
import { wholeOrText } from '../lib/whole-or-text.ts';
import { SaleVatField, saleLabels, salePrepared, saleValues } from './sale-fields.tsx';

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
    ...saleLabels(t),
    duration: t('store.admin.field.duration'),
  };
  const form = useCatalogueForm(
    ZSubscriptionCreateBody,
    {
      ...saleValues(subscription, locale),
      duration: subscription ? String(subscription.duration) : '',
      door_access: subscription?.door_access ?? false,
    },
    labels,
    (next) => ({
      ...next,
      ...salePrepared(next),
      duration: wholeOrText(next.duration),
    }),
  );
  const { values, field, set } = form;

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
      <SaleVatField form={form} />
      <CheckField
        name="door_access"
        label={t('devices.door_access')}
        hint={t('devices.door_access_hint')}
        checked={values.door_access}
        onChange={(on) => set('door_access', on)}
      />
      {perHour !== null && (
        <p className="muted small" aria-live="polite">
          {t('store.shop.per_hour', { price: formatMoney(perHour, locale) })}
        </p>
      )}
    </CatalogueForm>
  );
}
