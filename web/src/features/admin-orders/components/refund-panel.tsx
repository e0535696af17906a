import { formatMoney, parseKroner } from '@club/shared/money';
import type { TOrderDetail } from '@club/shared/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button, TextField } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { paymentMethodName } from '../../../lib/order-method.ts';
import { notifyInfo, notifySuccess } from '../../../lib/toast.ts';
import { useOpenReturnReceipt } from '../api/open-return-receipt.ts';
import { useRefundOrder, useRetryRefunds } from '../api/refund-order.ts';

/** The refunds of an order and, while money is left, a form to give some (or all) of it back. */
export function RefundPanel({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const left = order.total - order.refunded_amount;
  const refundable = (order.status === 'paid' || order.status === 'approved') && left > 0;
  const openReceipt = useOpenReturnReceipt();
  // a refund the provider has not answered about is asked about again before any other
  const waiting = order.refunds.some((r) => r.state === 'PENDING' && (r.method === 'vipps' || r.method === 'card'));
  if (!refundable && order.refunds.length === 0) return null;
  return (
    <Section title={t('pay.refund.title')}>
      {order.refunds.length > 0 && (
        <ul className="list" aria-label={t('pay.refund.list')}>
          {order.refunds.map((r) => (
            <li key={r.id} className="card pay-row" data-refund-state={r.state}>
              <div className="pay-row__main">
                <span className="pay-row__ref">{paymentMethodName(t, r.method)}</span>
                <span className="muted small">{r.reason}</span>
              </div>
              <span className="muted small pay-row__when">{formatDateTime(r.created_at, locale)}</span>
              <span className="pill">{t(`pay.refund.state.${r.state}`)}</span>
              <strong className="pay-row__total">−{formatMoney(r.amount, locale)}</strong>
              {r.receipt_number !== null && (
                <Button
                  variant="ghost"
                  className="button--small"
                  onClick={() => openReceipt.mutate({ orderId: order.id, number: r.receipt_number! })}
                >
                  {t('receipt_share.return_named', { number: r.receipt_number })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting ? <WaitingRefund order={order} /> : refundable && <RefundForm order={order} left={left} />}
    </Section>
  );
}

/** A refund with no answer yet: the amount is held; staff may ask the provider again (never a new refund). */
function WaitingRefund({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const retry = useRetryRefunds();
  return (
    <div className="card pay-refund" role="status">
      <p className="muted small">{t('pay.refund.pending_note')}</p>
      <Button
        variant="secondary"
        busy={retry.isPending}
        onClick={() =>
          retry.mutate(order.id, {
            onSuccess: (after) =>
              after.refunds.some((r) => r.state === 'PENDING')
                ? notifyInfo(t('pay.refund.asked'))
                : notifySuccess(t('pay.refund.answered')),
          })
        }
      >
        {t('pay.refund.ask_again')}
      </Button>
    </div>
  );
}

function RefundForm({ order, left }: { order: TOrderDetail; left: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const refund = useRefundOrder();
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [asking, setAsking] = useState(false);
  const amount = amountText.trim() === '' ? left : parseKroner(amountText);

  function check() {
    const found: typeof errors = {};
    if (amount === null || amount < 1) found.amount = t('pay.refund.amount_invalid');
    else if (amount > left) found.amount = t('error.refund_too_large');
    if (reason.trim() === '') found.reason = t('validation.required', { field: t('pay.refund.reason') });
    setErrors(found);
    if (Object.keys(found).length === 0) setAsking(true);
  }

  function confirm() {
    if (amount === null) return;
    refund.mutate(
      { id: order.id, ...(amount === left ? {} : { amount }), reason: reason.trim() },
      {
        onSuccess: ({ refund: made }) => {
          const money = formatMoney(made.amount, locale);
          if (made.state === 'PENDING') notifyInfo(t('pay.refund.pending_done', { amount: money }));
          else notifySuccess(t('pay.refund.done', { amount: money }));
          setAmountText('');
          setReason('');
        },
        onSettled: () => setAsking(false),
      },
    );
  }

  return (
    <form
      className="card pay-refund"
      onSubmit={(e) => {
        e.preventDefault();
        check();
      }}
    >
      <p className="muted small">{t('pay.refund.left', { amount: formatMoney(left, locale) })}</p>
      <TextField
        name="refund_amount"
        label={t('pay.refund.amount')}
        hint={t('pay.refund.amount_hint')}
        value={amountText}
        onChange={setAmountText}
        inputMode="text"
        required={false}
        error={errors.amount}
      />
      <TextField
        name="refund_reason"
        label={t('pay.refund.reason')}
        value={reason}
        onChange={setReason}
        error={errors.reason}
      />
      <Button type="submit" variant="secondary">
        {t('pay.refund.submit')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('pay.refund.confirm_title', { reference: order.reference })}
        confirmLabel={t('pay.refund.confirm')}
        busy={refund.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>
          {t('pay.refund.confirm_text', {
            amount: formatMoney(amount ?? 0, locale),
            method: order.method ? paymentMethodName(t, order.method) : '—',
          })}
        </p>
      </ConfirmDialog>
    </form>
  );
}
