import { cashRounding } from '@club/shared/cash';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { SegmentedField } from '../../../components/segmented.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCashPay, useCounterOrderDetail, useCounterPay } from '../api/counter-api.ts';
import { likelyNotes, oreFromKroner } from '../lib/till-amounts.ts';
import { ReceiptView } from './receipt-view.tsx';

const METHODS = ['cash', 'physical', 'vipps'] as const;
type Method = (typeof METHODS)[number];

/** How the guest pays at the counter, in words. */
const METHOD_TEXT = {
  cash: 'counter.pay.cash',
  physical: 'counter.pay.card',
  vipps: 'counter.pay.vipps',
} as const satisfies Record<Method, TextKey>;

/** Taking payment for one order at the counter; then the change to give and the receipt. */
export function PayPanel({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const order = useCounterOrderDetail(orderId);
  const [paid, setPaid] = useState<{ change: number } | null>(null);
  const [receipt, setReceipt] = useState(false);
  const locale = currentLocale();

  if (order.isPending) return <Loading />;
  if (order.isError) return <ErrorState onRetry={() => void order.refetch()} />;
  const money = (ore: number) => formatMoney(ore, locale);
  const settled = paid !== null || order.data.status === 'paid';

  return (
    <section className="card counter-pay" aria-labelledby="counter-pay-title">
      <h2 id="counter-pay-title" className="section__title">
        {t('counter.pay.title')} · {t('counter.pay.order', { reference: order.data.reference })}
      </h2>
      <p className="counter-pay__total">
        <span className="muted">{t('counter.pay.to_pay')}</span> <strong>{money(order.data.total)}</strong>
      </p>
      {settled ? (
        <div className="stack" role="status">
          <p className="counter-pay__done">{t('counter.pay.paid')}</p>
          {paid && paid.change > 0 ? (
            <p className="counter-pay__change">{t('counter.pay.give_change', { amount: money(paid.change) })}</p>
          ) : (
            <p className="muted">{t('counter.pay.no_change')}</p>
          )}
          <div className="counter-actions">
            <Button variant="secondary" onClick={() => setReceipt(true)}>
              {t('counter.pay.receipt')}
            </Button>
            <Button onClick={onDone}>{t('counter.pay.next')}</Button>
          </div>
        </div>
      ) : (
        <PayForm total={order.data.total} orderId={orderId} onPaid={setPaid} onCancel={onDone} />
      )}
      {receipt && <ReceiptView orderId={orderId} onClose={() => setReceipt(false)} />}
    </section>
  );
}

function PayForm({
  total,
  orderId,
  onPaid,
  onCancel,
}: {
  total: number;
  orderId: number;
  onPaid: (result: { change: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (ore: number) => formatMoney(ore, locale);
  const [method, setMethod] = useState<Method>('cash');
  const [received, setReceived] = useState('');
  const [confirming, setConfirming] = useState(false);
  const cash = useCashPay();
  const till = useCounterPay();
  // a double tap pays once
  const payCashOnce = useRunOnce(cash);
  const payAtTillOnce = useRunOnce(till);
  const amount = oreFromKroner(received);
  // cash changes hands in whole kroner
  const rounding = cashRounding(total);
  const due = total + rounding;
  const change = amount === null ? null : amount - due;
  const tooLittle = change !== null && change < 0;

  const payCash = () => {
    if (amount === null || tooLittle) return;
    payCashOnce({ order_id: orderId, received: amount }, { onSuccess: (p) => onPaid({ change: p.change }) });
  };
  const payAtTill = () =>
    payAtTillOnce(
      { order_id: orderId, method: method === 'vipps' ? 'vipps' : 'physical' },
      { onSuccess: () => onPaid({ change: 0 }), onSettled: () => setConfirming(false) },
    );

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (method === 'cash') payCash();
        else setConfirming(true);
      }}
    >
      <SegmentedField
        legend={t('counter.pay.method')}
        options={METHODS}
        value={method}
        onChange={setMethod}
        label={(m) => t(METHOD_TEXT[m])}
      />
      {method === 'cash' && (
        <>
          {rounding !== 0 && (
            <p className="counter-pay__due">
              {t('counter.pay.due_in_cash')} <strong>{money(due)}</strong>{' '}
              <span className="muted">
                ({t('counter.pay.rounding')} {rounding > 0 ? '+' : ''}
                {money(rounding)})
              </span>
            </p>
          )}
          <InputField
            name="received"
            label={t('counter.pay.received')}
            value={received}
            onChange={setReceived}
            inputMode="decimal"
            suffix="kr"
            message={tooLittle ? t('counter.pay.too_little') : undefined}
            // typed but not an amount ("50 kr", "50,-"): say so, or the disabled button explains nothing
            error={received.trim() !== '' && amount === null ? 'validation.number' : undefined}
          />
          <div className="counter-actions">
            {[due, ...likelyNotes(due)].map((ore) => (
              <Button
                key={ore}
                variant="secondary"
                className="button--small"
                onClick={() => setReceived(String(ore / 100))}
              >
                {ore === due ? t('counter.pay.exact') : money(ore)}
              </Button>
            ))}
          </div>
          <p className="counter-pay__change" aria-live="polite">
            {t('counter.pay.change')}: <strong>{change !== null && !tooLittle ? money(change) : '–'}</strong>
          </p>
        </>
      )}
      <div className="counter-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('counter.pay.cancel')}
        </Button>
        <Button
          type="submit"
          busy={cash.isPending || till.isPending}
          disabled={method === 'cash' && (amount === null || tooLittle)}
        >
          {t('counter.pay.confirm')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('counter.pay.confirm')}
        confirmLabel={t('counter.pay.confirm')}
        busy={till.isPending}
        onConfirm={payAtTill}
        onCancel={() => setConfirming(false)}
      >
        {t(method === 'vipps' ? 'counter.pay.confirm_vipps' : 'counter.pay.confirm_card', { amount: money(total) })}
      </ConfirmDialog>
    </form>
  );
}
