import type { TCashReport, TDrawerAnswer, TDrawerTotals } from '@club/shared/cash';
import { parseKroner } from '@club/shared/money';
import type { ValidationKey } from '@club/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { cashKeys, useXReport } from '../api/get-x-report.ts';
import { type DrawerAction, useRecordDrawer } from '../api/record-drawer.ts';
import { useCashPointId } from '../lib/cash-point.tsx';

/** After a registration: the drawer it answers goes into the X report on screen, without running a new one. */
function useDrawerAction() {
  const queryClient = useQueryClient();
  const record = useRecordDrawer();
  const pointId = useCashPointId();
  // a double tap is one registration: each one is journaled for good and moves what the drawer expects
  const recordOnce = useRunOnce(record);
  const run = (action: DrawerAction, done: (answer: TDrawerAnswer) => void) =>
    recordOnce(action, {
      onSuccess: (answer) => {
        queryClient.setQueryData<TCashReport>(cashKeys.xReport(pointId), (old) =>
          old
            ? {
                ...old,
                drawer: answer.drawer,
                drawer_openings: old.drawer_openings + (action.kind === 'drawer-open' ? 1 : 0),
              }
            : old,
        );
        done(answer);
      },
    });
  return { run, busy: record.isPending };
}

function DrawerFigures({ drawer }: { drawer: TDrawerTotals }) {
  const { t } = useTranslation();
  const money = (ore: number) => formatMoney(ore, currentLocale());
  const rows: [TextKey, number][] = [
    ['till.float', drawer.float],
    ['till.cash_sales', drawer.cash_sales],
    ['till.cash_returns', -drawer.cash_returns],
    ...(drawer.cash_rounding ? [['till.cash_rounding', drawer.cash_rounding] as [TextKey, number]] : []),
    ['till.withdrawals', -drawer.withdrawals],
    ['till.deposits', drawer.deposits],
  ];
  return (
    <dl className="facts cash__facts">
      {rows.map(([key, ore]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd>{money(ore)}</dd>
        </div>
      ))}
      <div>
        <dt>{t('till.expected')}</dt>
        <dd data-testid="drawer-expected">{money(drawer.expected)}</dd>
      </div>
    </dl>
  );
}

/** One amount in kroner and a button; the amount is checked here before the server sees it. */
function AmountForm({
  title,
  label,
  submit,
  withNote = false,
  busy,
  onAmount,
}: {
  title: string;
  label: string;
  submit: string;
  withNote?: boolean;
  busy: boolean;
  onAmount: (ore: number, note: string, reset: () => void) => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<ValidationKey | undefined>();
  const reset = () => {
    setAmount('');
    setNote('');
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    const ore = parseKroner(amount);
    if (ore === null || ore < 0) {
      // a minus is a number, only not one a drawer can hold
      setError(!amount.trim() ? 'validation.required' : ore === null ? 'validation.number' : 'validation.min');
      return;
    }
    setError(undefined);
    onAmount(ore, note.trim(), reset);
  };
  return (
    <form className="card stack" onSubmit={send} noValidate aria-label={title}>
      <h3 className="card-title">{title}</h3>
      <InputField
        name="amount"
        label={label}
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        suffix="kr"
        error={error}
      />
      {withNote && (
        <InputField name="note" label={t('till.note_label')} value={note} onChange={setNote} required={false} />
      )}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {submit}
        </Button>
      </div>
    </form>
  );
}

/**
 * The cash drawer: what should be in it, the opening float, withdrawals and deposits, openings
 * without a sale, the count.
 */
export function DrawerSection() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const report = useXReport();
  const { run, busy } = useDrawerAction();
  const [counted, setCounted] = useState<TDrawerAnswer['drawer']['count']>(null);
  const money = (ore: number) => formatMoney(ore, locale);
  return (
    <Section
      title={t('till.drawer_title')}
      action={
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => run({ kind: 'drawer-open', body: { note: '' } }, () => notifySuccess(t('till.drawer_opened')))}
        >
          {t('till.drawer_open')}
        </Button>
      }
    >
      <div className="stack">
        {report.data && (
          <div className="card">
            <DrawerFigures drawer={report.data.drawer} />
          </div>
        )}
        <div className="cash__forms">
          <AmountForm
            title={t('till.float_title')}
            label={t('till.float_label')}
            submit={t('till.float_save')}
            busy={busy}
            onAmount={(amount, _note, reset) =>
              run({ kind: 'float', body: { amount } }, () => {
                reset();
                notifySuccess(t('till.float_saved'));
              })
            }
          />
          <AmountForm
            title={t('till.withdrawal_title')}
            label={t('till.amount_label')}
            submit={t('till.withdrawal_save')}
            withNote
            busy={busy}
            onAmount={(amount, note, reset) =>
              run({ kind: 'withdrawal', body: { amount, note } }, () => {
                reset();
                notifySuccess(t('till.withdrawal_saved'));
              })
            }
          />
          <AmountForm
            title={t('till.deposit_title')}
            label={t('till.amount_label')}
            submit={t('till.deposit_save')}
            withNote
            busy={busy}
            onAmount={(amount, note, reset) =>
              run({ kind: 'deposit', body: { amount, note } }, () => {
                reset();
                notifySuccess(t('till.deposit_saved'));
              })
            }
          />
          <AmountForm
            title={t('till.count_title')}
            label={t('till.count_label')}
            submit={t('till.count_save')}
            busy={busy}
            onAmount={(amount, _note, reset) =>
              run({ kind: 'count', body: { counted: amount } }, (answer) => {
                reset();
                setCounted(answer.drawer.count);
              })
            }
          />
        </div>
        <p className={counted ? 'notice' : 'visually-hidden'} role="status" data-testid="count-result">
          {counted &&
            t('till.count_result', {
              counted: money(counted.counted),
              expected: money(counted.expected),
              difference: money(counted.difference),
            })}
        </p>
      </div>
    </Section>
  );
}
