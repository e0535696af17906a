import { pathTo } from '@club/shared/routes';
import type { TCart } from '@club/shared/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CartIcon, ClockIcon, ShopIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useCart } from '../api/get-cart.ts';
import { useProducts } from '../api/get-products.ts';
import { useSubscriptionCatalogue } from '../api/get-subscription-catalogue.ts';
import { ProductCard } from './product-card.tsx';
import { SubscriptionOffer } from './subscription-offer.tsx';
import '../../../styles/shop.css';

/** How many of each product and of each subscription are in the cart. */
export function cartCounts(cart: TCart | undefined) {
  const products = new Map<number, number>();
  const subscriptions = new Map<number, number>();
  for (const item of cart?.items ?? []) {
    if (item.product_id !== null) products.set(item.product_id, (products.get(item.product_id) ?? 0) + item.count);
    if (item.subscription_id !== null)
      subscriptions.set(item.subscription_id, (subscriptions.get(item.subscription_id) ?? 0) + item.count);
  }
  const items = (cart?.items ?? []).reduce((sum, i) => sum + i.count, 0);
  return { products, subscriptions, items };
}

/** The link to the cart with how many things are in it; no number while the cart is not read (not "0 items"). */
function CartLink({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  return (
    <Link
      to={pathTo('cart')}
      className="button button--secondary button--icon-text cart-link"
      aria-label={count === undefined ? t('cart.title') : t('store.shop.cart_label', { count })}
      data-testid="cart-link"
    >
      <CartIcon />
      <span>{t('cart.title')}</span>
      {count !== undefined && count > 0 && (
        <span className="cart-link__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/**
 * `/shop` (where role 3 lands): prepaid hours and the kiosk's products with photos,
 * prices and stock; "add to cart" answers at once, and the cart follows at the bottom.
 */
export function ShopPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const products = useProducts();
  const catalogue = useSubscriptionCatalogue();
  const cart = useCart();
  const counts = cartCounts(cart.data);
  const [announcement, setAnnouncement] = useState('');
  const onAdded = (name: string) => setAnnouncement(t('store.shop.added_announce', { name }));

  return (
    <Page
      title={t('shop.title')}
      subtitle={t('shop.subtitle')}
      actions={<CartLink count={cart.data ? counts.items : undefined} />}
      wide
    >
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <Section title={t('shop.subscriptions')}>
        {catalogue.isPending ? (
          <Loading />
        ) : catalogue.isError ? (
          <ErrorState onRetry={() => void catalogue.refetch()} />
        ) : catalogue.data.length === 0 ? (
          <EmptyState
            icon={<ClockIcon />}
            title={t('shop.subscriptions_empty')}
            text={t('shop.subscriptions_empty_text')}
          />
        ) : (
          <>
            <p className="muted small">{t('store.shop.hours_note')}</p>
            <ul className="offers" aria-label={t('shop.subscriptions')}>
              {catalogue.data.map((s) => (
                <li key={s.id}>
                  <SubscriptionOffer subscription={s} inCart={counts.subscriptions.get(s.id) ?? 0} onAdded={onAdded} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>

      <Section title={t('shop.products')}>
        {products.isPending ? (
          <Loading />
        ) : products.isError ? (
          <ErrorState onRetry={() => void products.refetch()} />
        ) : products.data.length === 0 ? (
          <EmptyState icon={<ShopIcon />} title={t('shop.empty')} text={t('shop.empty_text')} />
        ) : (
          <ul className="product-grid" aria-label={t('shop.products')}>
            {products.data.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} inCart={counts.products.get(p.id) ?? 0} onAdded={onAdded} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      {counts.items > 0 && cart.data && (
        <div className="cart-bar" data-testid="cart-bar">
          <div className="cart-bar__text">
            <span className="cart-bar__count">{t('store.shop.items', { count: counts.items })}</span>
            <span className="cart-bar__total money">{formatMoney(cart.data.total, locale)}</span>
          </div>
          <Link to={pathTo('cart')} className="button button--primary">
            {t('store.shop.to_cart')}
          </Link>
        </div>
      )}
    </Page>
  );
}
