import type { TUserSubscriptionStatus } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { splitMinutes } from '../../../lib/format.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useSetUserSubscriptionPaused, useUserSubscriptions } from '../api/get-user-subscriptions.ts';
import { AddSubscriptionPanel } from './add-subscription-panel.tsx';

/** Prepaid hours' status, in words: deleted ones read as used up. */
const STATUS_TEXT = {
  active: 'store.admin.user_subs.status.active',
  paused: 'store.admin.user_subs.status.paused',
  expired: 'store.admin.user_subs.status.expired',
  deleted: 'store.admin.user_subs.status.expired',
  refunded: 'store.admin.user_subs.status.refunded',
} as const satisfies Record<TUserSubscriptionStatus, TextKey>;

/** Admin, on a user's page: their prepaid hours (pause or resume), and giving them more. */
export function UserSubscriptionsPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const subscriptions = useUserSubscriptions(userId);
  const setPaused = useSetUserSubscriptionPaused(userId);
  // a double tap pauses once: the second answered "already paused" as an error
  const setPausedOnce = useRunOnce(setPaused);

  return (
    <>
      <section className="card add-sub" aria-labelledby={`user-subs-${userId}`}>
        <h2 id={`user-subs-${userId}`} className="add-sub__title">
          {t('store.admin.user_subs.title')}
        </h2>
        {subscriptions.isPending ? (
          <Spinner />
        ) : subscriptions.isError ? (
          <ErrorState onRetry={() => void subscriptions.refetch()} />
        ) : subscriptions.data.length === 0 ? (
          <p className="muted small">{t('store.admin.user_subs.empty')}</p>
        ) : (
          <ul className="list">
            {subscriptions.data.map((s) => {
              const left = splitMinutes(s.remaining_minutes);
              const open = s.status === 'active' || s.status === 'paused';
              return (
                <li key={s.id} className="list__row">
                  <span>
                    <strong>{s.name}</strong>{' '}
                    <span className="muted small">
                      {t('store.subscriptions.time', left)} · {t(STATUS_TEXT[s.status])}
                    </span>
                  </span>
                  {open && (
                    <Button
                      variant="ghost"
                      busy={setPaused.isPending && setPaused.variables?.id === s.id}
                      onClick={() => setPausedOnce({ id: s.id, paused: s.status === 'active' })}
                    >
                      {s.status === 'active' ? t('store.admin.user_subs.pause') : t('store.admin.user_subs.resume')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <AddSubscriptionPanel userId={userId} />
    </>
  );
}
