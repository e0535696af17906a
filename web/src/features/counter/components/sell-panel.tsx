import type { TProduct } from '@club/shared/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCounterOrder, useCounterProducts } from '../api/counter-api.ts';

type Basket = Record<number, number>;

/** Kiosk items over the counter: a basket, then a waiting order to pay at the till. */
export function SellPanel({ onPay }: { onPay: (orderId: number) => void }) {
  const { t } = useTranslation();
  const products = useCounterProducts();
  const order = useCounterOrder();
  // a double tap makes one sale: a second would hold the same items again, unpaid
  const orderOnce = useRunOnce(order);
  const [basket, setBasket] = useState<Basket>({});
  const [clearing, setClearing] = useState(false);
  const locale = currentLocale();

  if (products.isPending) return <Loading />;
  if (products.isError) return <ErrorState onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <EmptyState title={t('counter.sell.none')} />;

  const change = (p: TProduct, by: number) =>
    setBasket((b) => {
      const next = Math.max(0, Math.min(p.count, (b[p.id] ?? 0) + by));
      const { [p.id]: _, ...rest } = b;
      return next > 0 ? { ...rest, [p.id]: next } : rest;
    });
  const lines = products.data.filter((p) => (basket[p.id] ?? 0) > 0);
  const total = lines.reduce((sum, p) => sum + p.price * (basket[p.id] ?? 0), 0);
  const checkout = () =>
    orderOnce(
      { items: lines.map((p) => ({ product_id: p.id, count: basket[p.id] ?? 0 })) },
      {
        onSuccess: (created) => {
          setBasket({});
          onPay(created.id);
        },
      },
    );

  return (
    <div className="counter-sell">
      <Section title={t('counter.sell.title')}>
        <ul className="counter-products">
          {products.data.map((p) => (
            <li key={p.id} className="card counter-product">
              <p className="list-card__title">{p.name}</p>
              <p className="small">
                {formatMoney(p.price, locale)} ·{' '}
                <span className="muted">{t('counter.sell.in_stock', { count: p.count })}</span>
              </p>
              <div className="counter-product__count">
                <Button
                  variant="secondary"
                  className="button--small"
                  aria-label={t('counter.sell.remove', { name: p.name })}
                  disabled={!basket[p.id]}
                  onClick={() => change(p, -1)}
                >
                  −
                </Button>
                <span aria-live="polite">{basket[p.id] ?? 0}</span>
                <Button
                  variant="secondary"
                  className="button--small"
                  aria-label={t('counter.sell.add', { name: p.name })}
                  disabled={(basket[p.id] ?? 0) >= p.count}
                  onClick={() => change(p, 1)}
                >
                  +
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('counter.sell.basket')}>
        <div className="card stack">
          {lines.length === 0 ? (
            <p className="muted">{t('counter.sell.basket_empty')}</p>
          ) : (
            <ul className="counter-basket">
              {lines.map((p) => (
                <li key={p.id}>
                  <span>
                    {basket[p.id]} × {p.name}
                  </span>
                  <span>{formatMoney(p.price * (basket[p.id] ?? 0), locale)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="counter-pay__total">
            <span className="muted">{t('counter.sell.total')}</span> <strong>{formatMoney(total, locale)}</strong>
          </p>
          <div className="counter-actions">
            <Button variant="secondary" disabled={lines.length === 0} onClick={() => setClearing(true)}>
              {t('counter.sell.clear')}
            </Button>
            <Button disabled={lines.length === 0} busy={order.isPending} onClick={checkout}>
              {t('counter.sell.checkout')}
            </Button>
          </div>
        </div>
      </Section>
      <ConfirmDialog
        open={clearing}
        title={t('counter.sell.clear_confirm')}
        confirmLabel={t('counter.sell.clear')}
        onConfirm={() => {
          setBasket({});
          setClearing(false);
        }}
        onCancel={() => setClearing(false)}
      />
    </div>
  );
}
