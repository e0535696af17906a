import type { TProduct } from '@club/shared/shop';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BoxIcon } from '../../../components/icons.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { AddButton } from './add-button.tsx';

/** At or below this many, the stock line warns that few are left. */
export const LOW_STOCK = 5;

/** One product of the kiosk: photo, name, price, stock and "add to cart". */
export function ProductCard({
  product,
  inCart,
  onAdded,
}: {
  product: TProduct;
  /** how many of it are in my cart already */
  inCart: number;
  onAdded: (name: string) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const nameId = useId();
  const stockId = useId();
  const soldOut = product.count <= 0;
  const allInCart = !soldOut && inCart >= product.count;

  const stock = soldOut
    ? t('store.shop.sold_out')
    : product.count <= LOW_STOCK
      ? t('store.shop.low_stock', { count: product.count })
      : t('store.shop.in_stock', { count: product.count });

  return (
    <article
      className={`product-card card${soldOut ? ' product-card--sold-out' : ''}`}
      aria-labelledby={nameId}
      data-testid={`product-${product.id}`}
    >
      <div className="product-card__media">
        {product.thumbnail ? (
          <img
            src={product.thumbnail}
            alt={t('store.shop.photo_of', { name: product.name })}
            loading="lazy"
            decoding="async"
            width={400}
            height={400}
          />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true">
            <BoxIcon />
          </span>
        )}
        {soldOut && <span className="product-card__ribbon">{t('store.shop.sold_out')}</span>}
      </div>
      <div className="product-card__body">
        <h3 id={nameId} className="product-card__name">
          {product.name}
        </h3>
        {product.description && <p className="product-card__text">{product.description}</p>}
        <p className="product-card__price money">{formatMoney(product.price, locale)}</p>
        <p
          id={stockId}
          className={`product-card__stock${soldOut ? ' is-out' : product.count <= LOW_STOCK ? ' is-low' : ''}`}
          data-testid="product-stock"
        >
          {stock}
        </p>
        {inCart > 0 && !soldOut && (
          <p className="product-card__in-cart">{t('store.shop.in_cart', { count: inCart })}</p>
        )}
      </div>
      <AddButton
        item={{ product_id: product.id }}
        name={product.name}
        onAdded={onAdded}
        className="button--block product-card__add"
        describedBy={`${nameId} ${stockId}`}
        disabled={soldOut || allInCart}
        soldOut={soldOut}
      />
    </article>
  );
}
