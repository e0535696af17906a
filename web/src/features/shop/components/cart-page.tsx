import { pathTo } from '@club/shared/routes';
import type { TCartItem, TProduct } from '@club/shared/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { BoxIcon, CartIcon, ClockIcon, TrashIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifyInfo } from '../../../lib/toast.ts';
import { useCart } from '../api/get-cart.ts';
import { useProducts } from '../api/get-products.ts';
import { useInitOrder } from '../api/init-order.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';
import '../../../styles/shop.css';
import { useRunOnce } from '../../../lib/use-run-once.ts';

const MAX_COUNT = 99;

/** A line's problem with the stock as the shop shows it now, if any. */
export function stockProblem(
  item: TCartItem,
  products: TProduct[] | undefined,
): { kind: 'gone' } | { kind: 'sold_out' } | { kind: 'short'; left: number } | null {
  if (item.product_id === null || !products) return null;
  const product = products.find((p) => p.id === item.product_id);
  if (!product) return { kind: 'gone' };
  if (product.count <= 0) return { kind: 'sold_out' };
  if (item.count > product.count) return { kind: 'short', left: product.count };
  return null;
}

function CartLine({ item, products }: { item: TCartItem; products: TProduct[] | undefined }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const busy = update.isPending || remove.isPending;
  const problem = stockProblem(item, products);
  const product = item.product_id !== null ? products?.find((p) => p.id === item.product_id) : undefined;
  const max = Math.min(MAX_COUNT, product ? Math.max(1, product.count) : MAX_COUNT);
  const isHours = item.subscription_id !== null;

  const setCount = (count: number) => {
    if (count < 1 || count > MAX_COUNT || count === item.count) return;
    update.mutate({ item_id: item.id, count });
  };

  return (
    <li className="card cart-line" data-testid={`cart-line-${item.id}`}>
      <div className="cart-line__icon" aria-hidden="true">
        {product?.thumbnail ? (
          <img src={product.thumbnail} alt="" width={56} height={56} />
        ) : isHours ? (
          <ClockIcon />
        ) : (
          <BoxIcon />
        )}
      </div>
      <div className="cart-line__main">
        <p className="cart-line__name">{item.name}</p>
        <p className="muted small">
          {isHours ? t('store.cart.kind_hours') : t('store.cart.kind_product')} ·{' '}
          {t('store.cart.each', { price: formatMoney(item.unit_price, locale) })}
        </p>
        {problem && (
          <p className="cart-line__problem small" role="note">
            {problem.kind === 'gone'
              ? t('store.cart.gone')
              : problem.kind === 'sold_out'
                ? t('store.cart.sold_out')
                : t('store.cart.short', { count: problem.left })}
          </p>
        )}
      </div>
      <div className="cart-line__side">
        <fieldset className="stepper">
          <legend className="visually-hidden">{t('store.cart.quantity', { name: item.name })}</legend>
          <button
            type="button"
            className="stepper__button"
            onClick={() => setCount(item.count - 1)}
            disabled={busy || item.count <= 1}
            aria-label={t('store.cart.decrease', { name: item.name })}
          >
            −
          </button>
          <output className="stepper__value" aria-live="polite" data-testid="cart-line-count">
            {item.count}
          </output>
          <button
            type="button"
            className="stepper__button"
            onClick={() => setCount(item.count + 1)}
            disabled={busy || item.count >= max}
            aria-label={t('store.cart.increase', { name: item.name })}
          >
            +
          </button>
        </fieldset>
        <span className="cart-line__total money">{formatMoney(item.total, locale)}</span>
        <button
          type="button"
          className="button button--ghost button--icon button--danger-hover"
          onClick={() =>
            remove.mutate(
              { item_id: item.id },
              { onSuccess: () => notifyInfo(t('store.cart.removed', { name: item.name })) },
            )
          }
          disabled={busy}
          aria-label={t('store.cart.remove', { name: item.name })}
          title={t('store.cart.remove', { name: item.name })}
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
}

/**
 * `/shop/cart`: what is in my cart (kept on the server), quantities, removal, the total,
 * and checkout after a confirmation of what will be charged → the payment overview.
 */
export function CartPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const cart = useCart();
  const products = useProducts();
  const checkout = useInitOrder();
  const runCheckout = useRunOnce(checkout);
  const [confirming, setConfirming] = useState(false);
  const back = { to: pathTo('shop'), label: t('nav.shop') };

  if (cart.isPending) {
    return (
      <Page title={t('cart.title')} back={back}>
        <Loading />
      </Page>
    );
  }
  if (cart.isError) {
    return (
      <Page title={t('cart.title')} back={back}>
        <ErrorState onRetry={() => void cart.refetch()} />
      </Page>
    );
  }
  const { items, total } = cart.data;
  if (items.length === 0) {
    return (
      <Page title={t('cart.title')} back={back}>
        <EmptyState
          icon={<CartIcon />}
          title={t('cart.empty')}
          text={t('cart.empty_text')}
          action={
            <Link to={pathTo('shop')} className="button button--primary">
              {t('cart.to_shop')}
            </Link>
          }
        />
      </Page>
    );
  }
  const count = items.reduce((sum, i) => sum + i.count, 0);
  const blocked = items.some((i) => stockProblem(i, products.data) !== null);

  return (
    <Page title={t('cart.title')} subtitle={t('store.cart.subtitle')} back={back}>
      <ul className="list" aria-label={t('store.cart.lines')}>
        {items.map((item) => (
          <CartLine key={item.id} item={item} products={products.data} />
        ))}
      </ul>

      <section className="card cart-summary" aria-label={t('store.cart.summary')}>
        <div className="cart-summary__row">
          <span>{t('store.shop.items', { count })}</span>
          <span className="cart-summary__total money" data-testid="cart-total" aria-live="polite">
            {formatMoney(total, locale)}
          </span>
        </div>
        <p className="muted small">{t('store.cart.reserve_note')}</p>
        {blocked && (
          <p className="cart-line__problem small" role="alert">
            {t('store.cart.fix_first')}
          </p>
        )}
        <Button className="button--block" onClick={() => setConfirming(true)} disabled={blocked}>
          {t('store.cart.checkout', { amount: formatMoney(total, locale) })}
        </Button>
        <Link to={pathTo('shop')} className="link small cart-summary__more">
          {t('store.cart.more')}
        </Link>
      </section>

      <CheckoutDialog
        open={confirming}
        cart={cart.data}
        busy={checkout.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          runCheckout(undefined, {
            onSuccess: (order) => {
              setConfirming(false);
              navigate(pathTo('payment.overview', { id: order.id }));
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Page>
  );
}
