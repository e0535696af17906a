import { pathTo } from '@club/shared/routes';
import type { TSubscriptionProduct } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useDeleteConfirm } from '../../../components/admin-list.tsx';
import { Button } from '../../../components/form.tsx';
import { ClockIcon, TrashIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useDeleteSubscription } from '../api/delete-subscription.ts';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';
import { SubscriptionForm } from './subscription-form.tsx';
import '../../../styles/shop.css';

/** `/admin/subscriptions/{id}`: one catalogue entry's name, hours, price, sale; deleting it. */
export function SubscriptionAdminPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const catalogue = useAdminSubscriptions();
  const back = { to: pathTo('admin.subscriptions'), label: t('admin.subscriptions.title') };

  if (catalogue.isPending) {
    return (
      <Page title={t('admin.subscriptions.one', { id })} back={back}>
        <Loading />
      </Page>
    );
  }
  if (catalogue.isError) {
    return (
      <Page title={t('admin.subscriptions.one', { id })} back={back}>
        <ErrorState onRetry={() => void catalogue.refetch()} />
      </Page>
    );
  }
  const subscription = catalogue.data.find((s) => s.id === id);
  if (!subscription) {
    return (
      <Page title={t('store.admin.subscriptions.not_found')} back={back}>
        <EmptyState icon={<ClockIcon />} title={t('store.admin.subscriptions.not_found')} />
      </Page>
    );
  }
  return <EditSubscription key={subscription.id} subscription={subscription} />;
}

function EditSubscription({ subscription }: { subscription: TSubscriptionProduct }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const update = useUpdateSubscription();
  const { ask, dialog } = useDeleteConfirm<TSubscriptionProduct>({
    remove: useDeleteSubscription(),
    title: (gone) => t('store.admin.subscriptions.delete_title', { name: gone.name }),
    text: () => t('store.admin.subscriptions.delete_text'),
    deleted: (gone) => t('store.admin.subscriptions.deleted', { name: gone.name }),
    onDeleted: () => navigate(pathTo('admin.subscriptions'), { replace: true }),
  });

  return (
    <Page
      title={t('store.admin.subscriptions.edit', { name: subscription.name })}
      subtitle={t('store.admin.subscriptions.edit_subtitle')}
      back={{ to: pathTo('admin.subscriptions'), label: t('admin.subscriptions.title') }}
      actions={
        <span className={subscription.active ? 'pill pill--active' : 'pill'}>
          {subscription.active ? t('store.admin.on_sale') : t('store.admin.hidden')}
        </span>
      }
    >
      <SubscriptionForm
        subscription={subscription}
        locale={locale}
        submitLabel={t('common.save')}
        busy={update.isPending}
        onSubmit={(fields, onServerError) =>
          update.mutate(
            { id: subscription.id, ...fields },
            {
              onSuccess: (saved) => notifySuccess(t('store.admin.subscriptions.saved', { name: saved.name })),
              onError: onServerError,
            },
          )
        }
        extraActions={
          <Button variant="ghost" className="store-danger" onClick={() => ask(subscription)}>
            <TrashIcon />
            {t('store.admin.subscriptions.delete')}
          </Button>
        }
      />
      {dialog}
    </Page>
  );
}
