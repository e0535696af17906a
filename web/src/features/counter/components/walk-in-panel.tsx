import type { TWalkIn } from '@club/shared/cash-operators';
import type { ValidationKey } from '@club/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InputField, SelectField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { formatClock, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCounterTables, useStartWalkIn, useStopWalkIn, useWalkIns } from '../api/counter-api.ts';

/** Walk-in guests: start a table for one by name, stop their time, take their bills. */
export function WalkInPanel({ onPay }: { onPay: (orderId: number) => void }) {
  const { t } = useTranslation();
  const walkIns = useWalkIns();
  const locale = currentLocale();
  const [stopping, setStopping] = useState<TWalkIn | null>(null);
  const stop = useStopWalkIn();
  // a double tap stops once, and the first answer's bill opens
  const stopOnce = useRunOnce(stop);

  const confirmStop = () => {
    if (!stopping) return;
    const name = stopping.name;
    stopOnce(
      { game_id: stopping.game_id, player_id: stopping.player_id },
      {
        onSuccess: (answer) => {
          if (answer.order_id !== null) onPay(answer.order_id);
          // no bill (the time was free): the guest only leaves the list, so say why
          else notifySuccess(t('counter.walk_in.stopped_nothing_owed', { name }));
        },
        onSettled: () => setStopping(null),
      },
    );
  };

  return (
    <div className="stack">
      <StartWalkInForm />
      <Section title={t('counter.walk_in.playing')}>
        {walkIns.isPending ? (
          <Loading />
        ) : walkIns.isError ? (
          <ErrorState onRetry={() => void walkIns.refetch()} />
        ) : walkIns.data.playing.length === 0 ? (
          <p className="muted">{t('counter.walk_in.none_playing')}</p>
        ) : (
          <ul className="list">
            {walkIns.data.playing.map((w) => (
              <li key={w.player_id} className="list-card counter-line">
                <div>
                  <p className="list-card__title">{w.name}</p>
                  <p className="muted small">
                    {t('counter.walk_in.since', { table: w.table_name, time: formatClock(w.joined_at, locale) })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="button--small"
                  aria-label={t('counter.walk_in.stop_named', { name: w.name })}
                  onClick={() => setStopping(w)}
                >
                  {t('counter.walk_in.stop')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('counter.walk_in.unpaid')}>
        {walkIns.isSuccess && walkIns.data.unpaid.length === 0 && (
          <p className="muted">{t('counter.walk_in.none_unpaid')}</p>
        )}
        {walkIns.isSuccess && walkIns.data.unpaid.length > 0 && (
          <ul className="list">
            {walkIns.data.unpaid.map((u) => (
              <li key={u.order_id} className="list-card counter-line">
                <div>
                  <p className="list-card__title">{u.name}</p>
                  <p className="muted small">{formatMoney(u.total, locale)}</p>
                </div>
                <Button
                  className="button--small"
                  aria-label={t('counter.walk_in.pay_named', { name: u.name })}
                  onClick={() => onPay(u.order_id)}
                >
                  {t('counter.walk_in.pay')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <ConfirmDialog
        open={stopping !== null}
        title={t('counter.walk_in.stop')}
        confirmLabel={t('counter.walk_in.stop')}
        busy={stop.isPending}
        onConfirm={confirmStop}
        onCancel={() => setStopping(null)}
      >
        {stopping && t('counter.walk_in.stop_confirm', { name: stopping.name, table: stopping.table_name })}
      </ConfirmDialog>
    </div>
  );
}

function StartWalkInForm() {
  const { t } = useTranslation();
  const tables = useCounterTables();
  const start = useStartWalkIn();
  const startOnce = useRunOnce(start);
  const [name, setName] = useState('');
  const [tableId, setTableId] = useState('');
  const [errors, setErrors] = useState<Record<string, ValidationKey>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, ValidationKey> = {};
    if (!name.trim()) missing.name = 'validation.required';
    if (!tableId) missing.table_id = 'validation.required';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    startOnce(
      { name: name.trim(), table_id: Number(tableId) },
      {
        onSuccess: () => {
          notifySuccess(t('counter.walk_in.started', { name: name.trim() }));
          setName('');
          setTableId('');
        },
      },
    );
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <h2 className="section__title">{t('counter.walk_in.title')}</h2>
      <InputField name="name" label={t('counter.walk_in.name')} value={name} onChange={setName} error={errors.name} />
      {tables.isError ? (
        <ErrorState onRetry={() => void tables.refetch()} />
      ) : (
        <SelectField
          name="table_id"
          label={t('counter.walk_in.table')}
          value={tableId}
          onChange={setTableId}
          error={errors.table_id}
          options={[
            { value: '', label: tables.isPending ? t('common.loading') : t('counter.walk_in.choose_table') },
            ...(tables.data ?? []).map((table) => ({
              value: String(table.id),
              label: t('counter.walk_in.table_option', {
                name: table.name,
                status: table.status === 'free' ? t('counter.walk_in.free') : t('counter.walk_in.busy'),
              }),
            })),
          ]}
        />
      )}
      <Button type="submit" busy={start.isPending}>
        {t('counter.walk_in.start')}
      </Button>
    </form>
  );
}
