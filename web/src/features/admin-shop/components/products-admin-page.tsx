import { pathTo } from '@club/shared/routes';
import type { TProduct } from '@club/shared/shop';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { OpenLink, useCreateInPlace } from '../../../components/admin-list.tsx';
import { BoxIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { QueryStates } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useAdminProducts } from '../api/get-admin-products.ts';
import { type MoveInput, useMoveProduct } from '../api/move-product.ts';
import { ProductForm } from './product-form.tsx';
import '../../../styles/shop.css';

const ArrowUp = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M12 19V5M5 12l7-7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
const ArrowDown = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M12 5v14M5 12l7 7 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** `/admin/products`: every product in shop order, moved up and down in place; new products. */
export function ProductsAdminPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const products = useAdminProducts();
  const create = useCreateProduct();
  const createOnce = useRunOnce(create);
  const move = useMoveProduct();
  const { creating, newButton, cancelButton, empty } = useCreateInPlace(t('store.admin.products.new'));
  const [announcement, setAnnouncement] = useState('');
  // after a move the row changes place: the focus follows the button that was pressed
  const refocus = useRef<MoveInput | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const want = refocus.current;
    if (!want || !list.current || move.isPending) return;
    refocus.current = null;
    const button =
      list.current.querySelector<HTMLButtonElement>(`[data-move="${want.id}-${want.direction}"]:not(:disabled)`) ??
      list.current.querySelector<HTMLButtonElement>(`[data-move^="${want.id}-"]:not(:disabled)`);
    if (button && document.activeElement !== button) button.focus();
  });

  function moveOne(product: TProduct, direction: MoveInput['direction'], index: number, count: number) {
    if (move.isPending) return;
    refocus.current = { id: product.id, direction };
    const place = direction === 'up' ? index : index + 2;
    move.mutate(
      { id: product.id, direction },
      { onSuccess: () => setAnnouncement(t('store.admin.products.moved', { name: product.name, place, count })) },
    );
  }

  return (
    <Page title={t('admin.products.title')} subtitle={t('admin.products.subtitle')} wide actions={newButton}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {creating && (
        <Section title={t('store.admin.products.new')}>
          <ProductForm
            locale={locale}
            submitLabel={t('store.admin.products.create')}
            busy={create.isPending}
            onSubmit={(fields, onServerError) =>
              createOnce(fields, {
                onSuccess: (product) => {
                  notifySuccess(t('store.admin.products.created', { name: product.name }));
                  navigate(pathTo('admin.product', { id: product.id }));
                },
                onError: onServerError,
              })
            }
            extraActions={cancelButton}
          />
        </Section>
      )}
      <Section title={t('store.admin.products.list')}>
        <QueryStates
          query={products}
          empty={empty(<BoxIcon />, t('admin.products.empty'), t('admin.products.empty_text'))}
        >
          {(items) => (
            <ol ref={list} className="list admin-products" aria-label={t('store.admin.products.list')}>
              {items.map((product, index) => (
                <li key={product.id} className="card admin-product" data-testid={`admin-product-${product.id}`}>
                  <span className="admin-product__place" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="admin-product__thumb" aria-hidden="true">
                    {product.thumbnail ? (
                      <img src={product.thumbnail} alt="" width={56} height={56} loading="lazy" />
                    ) : (
                      <BoxIcon />
                    )}
                  </span>
                  <div className="admin-product__main">
                    <Link to={pathTo('admin.product', { id: product.id })} className="list-card__title">
                      {product.name}
                    </Link>
                    <span className="admin-product__facts">
                      <span className="money">{formatMoney(product.price, locale)}</span>
                      <span className={product.count === 0 ? 'is-out' : undefined}>
                        {product.count === 0
                          ? t('store.shop.sold_out')
                          : t('store.admin.products.stock', { count: product.count })}
                      </span>
                      {!product.active && <span className="pill">{t('store.admin.hidden')}</span>}
                    </span>
                  </div>
                  <div className="admin-product__moves">
                    <button
                      type="button"
                      className="button button--ghost button--icon"
                      data-move={`${product.id}-up`}
                      onClick={() => moveOne(product, 'up', index, items.length)}
                      disabled={index === 0}
                      aria-label={t('store.admin.products.move_up', { name: product.name })}
                      title={t('store.admin.products.move_up', { name: product.name })}
                    >
                      <ArrowUp />
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--icon"
                      data-move={`${product.id}-down`}
                      onClick={() => moveOne(product, 'down', index, items.length)}
                      disabled={index === items.length - 1}
                      aria-label={t('store.admin.products.move_down', { name: product.name })}
                      title={t('store.admin.products.move_down', { name: product.name })}
                    >
                      <ArrowDown />
                    </button>
                  </div>
                  <OpenLink
                    to={pathTo('admin.product', { id: product.id })}
                    label={t('store.admin.products.edit', { name: product.name })}
                  />
                </li>
              ))}
            </ol>
          )}
        </QueryStates>
      </Section>
    </Page>
  );
}
