import type { TOrder } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import '../../../styles/payments.css';
import { OrderStatusPill } from '../../../components/order-status-pill.tsx';
import { paymentMethodText } from '../../../lib/order-method.ts';

/** One order in a list: reference, date, status, what it held and its total. */
export function OrderCard({ order, children }: { order: TOrder; children?: ReactNode }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  // when it was bought at the club, as its receipt says, whatever zone the phone is set to
  const timeZone = useClubTimeZone(true);
  const summary = order.items
    .map((i) =>
      i.description.startsWith('minimum_charge')
        ? `${t('pay.item.minimum_charge')}${i.description.slice('minimum_charge'.length)}`
        : i.kind === 'game'
          ? `${i.description} (${t('pay.item.minutes', { count: i.minutes ?? 0 })})`
          : i.quantity > 1
            ? `${i.quantity} × ${i.description}`
            : i.description,
    )
    .join(', ');
  return (
    <li className="card order-card">
      <div className="order-card__top">
        <span className="order-card__ref">{order.reference}</span>
        <OrderStatusPill status={order.status} />
      </div>
      <p className="order-card__summary">{summary || t('pay.receipt.no_items')}</p>
      <div className="order-card__bottom">
        <span className="muted small">
          <time dateTime={order.date}>{formatDateTime(order.date, locale, timeZone)}</time>
          {order.method && <> · {paymentMethodText(t, order)}</>}
          {order.discount_amount > 0 && (
            <> · {t('pay.receipt.discount_short', { amount: formatMoney(order.discount_amount, locale) })}</>
          )}
        </span>
        <span className="order-card__total">{formatMoney(order.total, locale)}</span>
      </div>
      {children && <div className="order-card__actions">{children}</div>}
    </li>
  );
}

/** "Pay now" on an order still to pay: to its payment page. */
export function PayNowLink({ order }: { order: Pick<TOrder, 'id' | 'reference'> }) {
  const { t } = useTranslation();
  return (
    <Link
      to={pathTo('payment.overview', { id: order.id })}
      className="button button--primary button--small"
      aria-label={t('pay.waiting.pay_named', { reference: order.reference })}
    >
      {t('pay.waiting.pay_now')}
    </Link>
  );
}
