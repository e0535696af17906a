import type { TOrder, TOrderItem } from '@club/shared/orders';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import '../../../styles/payments.css';

const MINIMUM = 'minimum_charge';

/** An item's name: the table (and guest) of a game segment, the minimum charge, or the product. */
export function useItemName() {
  const { t } = useTranslation();
  return (item: TOrderItem) =>
    item.description.startsWith(MINIMUM)
      ? `${t('pay.item.minimum_charge')}${item.description.slice(MINIMUM.length)}`
      : item.description;
}

function ItemDetail({ item }: { item: TOrderItem }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (item.kind === 'game' && item.minutes !== null) {
    return (
      <>
        <span>
          {t('pay.item.game_detail', {
            minutes: item.minutes,
            price: formatMoney(item.unit_price, locale),
          })}
        </span>
        {(item.subscription_minutes ?? 0) > 0 && (
          <span className="receipt__prepaid">{t('pay.item.prepaid', { count: item.subscription_minutes ?? 0 })}</span>
        )}
      </>
    );
  }
  if (item.kind === 'game') return <span>{t('pay.item.minimum_detail')}</span>;
  return (
    <span>
      {item.kind === 'subscription' ? `${t('pay.item.subscription')} · ` : ''}
      {t('pay.item.quantity', { count: item.quantity, price: formatMoney(item.unit_price, locale) })}
    </span>
  );
}

/** The lines of an order and what they add up to: its receipt. */
export function OrderReceipt({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const name = useItemName();
  const games = order.items.filter((i) => i.kind === 'game');
  const goods = order.items.filter((i) => i.kind !== 'game');
  const group = (title: string, items: TOrderItem[]) =>
    items.length > 0 && (
      <li className="receipt__group">
        <h3 className="receipt__group-title">{title}</h3>
        <ul className="receipt__lines">
          {items.map((item) => (
            <li key={item.id} className="receipt__line">
              <div className="receipt__what">
                <span className="receipt__name">{name(item)}</span>
                <span className="receipt__detail">
                  <ItemDetail item={item} />
                </span>
              </div>
              <span className="receipt__amount">{formatMoney(item.total, locale)}</span>
            </li>
          ))}
        </ul>
      </li>
    );
  return (
    <div className="card receipt">
      {order.items.length === 0 ? (
        <p className="muted">{t('pay.receipt.no_items')}</p>
      ) : (
        <ul className="receipt__groups">
          {group(t('pay.receipt.games'), games)}
          {group(t('pay.receipt.products'), goods)}
        </ul>
      )}
      <dl className="receipt__totals">
        {order.discount_amount > 0 && (
          <>
            <div className="receipt__total-row">
              <dt>{t('pay.receipt.subtotal')}</dt>
              <dd>{formatMoney(order.subtotal, locale)}</dd>
            </div>
            <div className="receipt__total-row receipt__discount">
              <dt>{t('pay.receipt.discount')}</dt>
              <dd>−{formatMoney(order.discount_amount, locale)}</dd>
            </div>
          </>
        )}
        <div className="receipt__total-row receipt__grand">
          <dt>{t('pay.receipt.total')}</dt>
          <dd>{formatMoney(order.total, locale)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** `K-000123 · 3 Jan 2030, 18:04` */
export function OrderHeading({ order }: { order: TOrder }) {
  // the time of the sale at the club, whatever zone the phone is set to
  const timeZone = useClubTimeZone(true);
  return (
    <span className="order-heading">
      <span className="order-heading__ref">{order.reference}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={order.date}>{formatDateTime(order.date, currentLocale(), timeZone)}</time>
    </span>
  );
}
