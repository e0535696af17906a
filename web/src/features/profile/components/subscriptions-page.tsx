import { pathTo } from '@club/shared/routes';
import type { TUserSubscription } from '@club/shared/shop';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ClockIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { splitMinutes } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useChangeSubscription } from '../api/change-subscription.ts';
import { myActiveSubscriptionQueryOptions } from '../api/get-my-active-subscription.ts';
import { mySubscriptionsQueryOptions } from '../api/get-my-subscriptions.ts';
import { SubscriptionCard } from './subscription-card.tsx';
import '../../../styles/shop.css';

const ORDER: Record<TUserSubscription['status'], number> = {
  active: 0,
  paused: 1,
  expired: 2,
  refunded: 3,
  deleted: 4,
};

/**
 * `/profile/subscriptions`: my prepaid hours with the time left, and pause / resume /
 * delete (after a confirmation), as the subscription machine allows.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  // the time left moves when a game ends or an order is paid: the live cache writer refreshes both then
  const subscriptions = useQuery(mySubscriptionsQueryOptions());
  const active = useQuery(myActiveSubscriptionQueryOptions());
  const change = useChangeSubscription();
  const [deleting, setDeleting] = useState<TUserSubscription | null>(null);
  const [announcement, setAnnouncement] = useState('');

  function act(subscription: TUserSubscription, action: 'pause' | 'unpause') {
    change.mutate(
      { id: subscription.id, action },
      {
        onSuccess: () => {
          const text =
            action === 'pause'
              ? t('store.subscriptions.paused_toast', { name: subscription.name })
              : t('store.subscriptions.unpaused_toast', { name: subscription.name });
          notifySuccess(text);
          setAnnouncement(text);
        },
      },
    );
  }

  const sorted = [...(subscriptions.data ?? [])].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const left = deleting ? splitMinutes(deleting.remaining_minutes) : { hours: 0, minutes: 0 };

  return (
    <Page
      title={t('subscriptions.title')}
      subtitle={t('store.subscriptions.subtitle')}
      back={{ to: pathTo('profile'), label: t('nav.profile') }}
      actions={
        sorted.length > 0 && (
          <Link to={pathTo('shop')} className="button button--secondary button--small">
            {t('store.subscriptions.buy_more')}
          </Link>
        )
      }
    >
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {subscriptions.isPending ? (
        <Loading />
      ) : subscriptions.isError ? (
        <ErrorState onRetry={() => void subscriptions.refetch()} />
      ) : sorted.length === 0 ? (
        <EmptyState
          icon={<ClockIcon />}
          title={t('subscriptions.empty')}
          text={t('subscriptions.empty_text')}
          action={
            <Link to={pathTo('shop')} className="button button--primary">
              {t('subscriptions.to_shop')}
            </Link>
          }
        />
      ) : (
        <ul className="list" aria-label={t('subscriptions.title')}>
          {sorted.map((s) => (
            <SubscriptionCard
              key={s.id}
              subscription={s}
              inUse={active.data?.id === s.id}
              busy={change.isPending && change.variables?.id === s.id}
              onPause={() => act(s, 'pause')}
              onUnpause={() => act(s, 'unpause')}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('store.subscriptions.delete_title', { name: deleting?.name ?? '' })}
        confirmLabel={t('store.subscriptions.delete')}
        busy={change.isPending && change.variables?.action === 'remove'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          change.mutate(
            { id, action: 'remove' },
            {
              onSuccess: () => {
                const text = t('store.subscriptions.deleted_toast', { name });
                notifySuccess(text);
                setAnnouncement(text);
              },
              onSettled: () => setDeleting(null),
            },
          );
        }}
      >
        {t('store.subscriptions.delete_text', { time: t('store.subscriptions.time', left) })}
      </ConfirmDialog>
    </Page>
  );
}
