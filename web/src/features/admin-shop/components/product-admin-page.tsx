import { pathTo } from '@club/shared/routes';
import type { TProduct } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useDeleteConfirm } from '../../../components/admin-list.tsx';
import { Button } from '../../../components/form.tsx';
import { BoxIcon, TrashIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useAdminProduct } from '../api/get-admin-products.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { ProductForm } from './product-form.tsx';
import { ProductPhoto } from './product-photo.tsx';
import '../../../styles/shop.css';

/** `/admin/products/{id}`: a product's details, its photo, and deleting it. */
export function ProductAdminPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useAdminProduct(valid ? id : 0);
  const back = { to: pathTo('admin.products'), label: t('admin.products.title') };

  if (
    !valid ||
    (product.isError && product.error instanceof ApiError && product.error.key === 'error.unable_to_find_product')
  ) {
    return (
      <Page title={t('store.admin.products.not_found')} back={back}>
        <EmptyState icon={<BoxIcon />} title={t('store.admin.products.not_found')} />
      </Page>
    );
  }
  if (product.isPending) {
    return (
      <Page title={t('admin.products.one', { id })} back={back}>
        <Loading />
      </Page>
    );
  }
  if (product.isError) {
    return (
      <Page title={t('admin.products.one', { id })} back={back}>
        <ErrorState onRetry={() => void product.refetch()} />
      </Page>
    );
  }
  return <EditProduct key={product.data.id} product={product.data} />;
}

function EditProduct({ product }: { product: TProduct }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const update = useUpdateProduct();
  const { ask, dialog } = useDeleteConfirm<TProduct>({
    remove: useDeleteProduct(),
    title: (gone) => t('store.admin.products.delete_title', { name: gone.name }),
    text: () => t('store.admin.products.delete_text'),
    deleted: (gone) => t('store.admin.products.deleted', { name: gone.name }),
    onDeleted: () => navigate(pathTo('admin.products'), { replace: true }),
  });

  return (
    <Page
      title={t('store.admin.products.edit', { name: product.name })}
      subtitle={t('store.admin.products.edit_subtitle')}
      back={{ to: pathTo('admin.products'), label: t('admin.products.title') }}
      actions={
        <span className={product.active ? 'pill pill--active' : 'pill'}>
          {product.active ? t('store.admin.on_sale') : t('store.admin.hidden')}
        </span>
      }
      wide
    >
      <div className="store-admin-layout">
        <ProductForm
          product={product}
          locale={locale}
          submitLabel={t('common.save')}
          busy={update.isPending}
          onSubmit={(fields, onServerError) =>
            update.mutate(
              { id: product.id, ...fields },
              {
                onSuccess: (saved) => notifySuccess(t('store.admin.products.saved', { name: saved.name })),
                onError: onServerError,
              },
            )
          }
          extraActions={
            <Button variant="ghost" className="store-danger" onClick={() => ask(product)}>
              <TrashIcon />
              {t('store.admin.products.delete')}
            </Button>
          }
        />
        <ProductPhoto product={product} />
      </div>
      {dialog}
    </Page>
  );
}
