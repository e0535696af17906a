import { computeBill } from '@club/shared/bill';
import { type TBillingSettings, ZBillingInput } from '@club/shared/billing';
import { formatMoney, parseKroner } from '@club/shared/money';
import type { TTable } from '@club/shared/tables';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveBar, TextField } from '../../../components/form.tsx';
import { SegmentedField } from '../../../components/segmented.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { kronerText } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useBillingSettings } from '../api/get-billing-settings.ts';
import { useSaveBillingSettings } from '../api/save-billing-settings.ts';

const ROUNDINGS = [1, 5, 15] as const;
const PREVIEW_MINUTES = [7, 16, 61] as const;
const MINUTE_MS = 60_000;
const EPOCH = '2026-01-01T00:00:00.000Z';

/** What `minutes` of play at `pricePerMinute` cost under `settings`, by the shared billing function. */
export function previewBill(minutes: number, pricePerMinute: number, settings: TBillingSettings) {
  const from = Date.parse(EPOCH);
  return computeBill(
    ZBillingInput.parse({
      segments: [
        {
          table_id: 0,
          price_per_minute: pricePerMinute,
          from: EPOCH,
          to: new Date(from + minutes * MINUTE_MS).toISOString(),
          pauses: [],
        },
      ],
      subscription_minutes: 0,
      settings,
    }),
    from + minutes * MINUTE_MS,
  );
}

/** The club's billing settings (rounding, minimum charge, grace period) with a live preview. */
export function BillingSettingsPanel({ tables }: { tables: TTable[] }) {
  const settings = useBillingSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <ErrorState onRetry={() => void settings.refetch()} />;
  return <BillingForm key={JSON.stringify(settings.data)} saved={settings.data} tables={tables} />;
}

function BillingForm({ saved, tables }: { saved: TBillingSettings; tables: TTable[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const save = useSaveBillingSettings();
  const [rounding, setRounding] = useState<TBillingSettings['rounding_minutes']>(saved.rounding_minutes);
  const [minimum, setMinimum] = useState(kronerText(saved.minimum_charge, locale));
  const [grace, setGrace] = useState(String(saved.grace_minutes));
  const [errors, setErrors] = useState<{ minimum?: string; grace?: string }>({});
  const [tableId, setTableId] = useState<number | null>(tables[0]?.id ?? null);
  const selectId = useId();

  const minimumOre = parseKroner(minimum);
  const graceMinutes = /^\d{1,4}$/.test(grace.trim()) ? Number(grace.trim()) : null;
  const draft: TBillingSettings = {
    rounding_minutes: rounding,
    minimum_charge: minimumOre !== null && minimumOre >= 0 ? minimumOre : saved.minimum_charge,
    grace_minutes: graceMinutes ?? saved.grace_minutes,
  };
  const changed =
    draft.rounding_minutes !== saved.rounding_minutes ||
    draft.minimum_charge !== saved.minimum_charge ||
    draft.grace_minutes !== saved.grace_minutes;
  const table = tables.find((x) => x.id === tableId) ?? tables[0];
  const price = table?.price_per_minute ?? 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (minimumOre === null || minimumOre < 0)
      next.minimum = t('validation.number', { field: t('games.admin.billing.minimum') });
    if (graceMinutes === null) next.grace = t('validation.number', { field: t('games.admin.billing.grace') });
    setErrors(next);
    if (next.minimum || next.grace) return;
    save.mutate(draft, { onSuccess: () => notifySuccess(t('success.saved')) });
  }

  return (
    <div className="admin-table-layout">
      <form className="form card" noValidate onSubmit={submit}>
        <div>
          <h2 className="my-bill__title">{t('games.admin.billing.title')}</h2>
          <p className="muted small">{t('games.admin.billing.text')}</p>
        </div>
        <SegmentedField
          legend={t('games.admin.billing.rounding')}
          options={ROUNDINGS}
          value={rounding}
          onChange={setRounding}
          label={(unit) => t('games.admin.billing.unit', { count: unit })}
        />
        <div className="form__grid">
          <TextField
            name="minimum_charge"
            label={t('games.admin.billing.minimum')}
            value={minimum}
            onChange={setMinimum}
            error={errors.minimum}
            hint={t('games.admin.billing.minimum_hint')}
            autoComplete="off"
          />
          <TextField
            name="grace_minutes"
            label={t('games.admin.billing.grace')}
            value={grace}
            onChange={setGrace}
            error={errors.grace}
            hint={t('games.admin.billing.grace_hint')}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <SaveBar changed={changed} unsaved={t('games.admin.billing.unsaved')} busy={save.isPending} />
      </form>

      <section className="card form" aria-labelledby={`${selectId}-title`}>
        <h2 id={`${selectId}-title`} className="my-bill__title">
          {t('games.admin.billing.preview')}
        </h2>
        {tables.length > 0 && (
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              {t('games.admin.billing.preview_table')}
            </label>
            <select
              id={selectId}
              className="field__input"
              value={table?.id ?? ''}
              onChange={(e) => setTableId(Number(e.target.value))}
            >
              {tables.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name} · {t('games.per_minute', { price: formatMoney(x.price_per_minute, locale) })}
                </option>
              ))}
            </select>
          </div>
        )}
        <table className="preview-table" data-testid="billing-preview">
          <thead>
            <tr>
              <th scope="col">{t('games.admin.billing.preview_played')}</th>
              <th scope="col">{t('games.admin.billing.preview_billed')}</th>
              <th scope="col">{t('games.admin.billing.preview_cost')}</th>
            </tr>
          </thead>
          <tbody>
            {PREVIEW_MINUTES.map((minutes) => {
              const bill = previewBill(minutes, price, draft);
              return (
                <tr key={minutes}>
                  <td>{t('games.minutes', { count: minutes })}</td>
                  <td>{t('games.minutes', { count: bill.minutes })}</td>
                  <td className="money">
                    {bill.total === 0 ? t('games.admin.billing.preview_free') : formatMoney(bill.total, locale)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
