import { formatMoney } from '@club/shared/money';
import type { TOrderDetail } from '@club/shared/orders';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { paymentMethodName } from '../../../lib/order-method.ts';
import { notifyInfo, notifySuccess } from '../../../lib/toast.ts';
import { useOpenReturnReceipt } from '../api/open-return-receipt.ts';
import { useRetryRefunds } from '../api/refund-order.ts';
import { REFUND_STATE_TEXT } from '../lib/order-texts.ts';
import { RefundForm } from './refund-form.tsx';

/** The refunds of an order and, while money is left, a form to give some (or all) of it back: a return or a price reduction. */
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
              <span className="pill">{t(REFUND_STATE_TEXT[r.state])}</span>
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
