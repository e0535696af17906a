import { pathTo } from '@club/shared/routes';
import type { TUserSubscription } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ClockIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { splitMinutes } from '../../../lib/format.ts';
import { useMySubscriptions } from '../api/get-my-subscriptions.ts';

export function SubscriptionStatus({ status }: { status: TUserSubscription['status'] }) {
  const { t } = useTranslation();
  const labels: Record<TUserSubscription['status'], string> = {
    active: t('subscriptions.status_active'),
    paused: t('subscriptions.status_paused'),
    expired: t('subscriptions.status_expired'),
    deleted: t('subscriptions.status_deleted'),
  };
  return <span className={`pill pill--${status}`}>{labels[status]}</span>;
}

export function SubscriptionRow({ subscription }: { subscription: TUserSubscription }) {
  const { t } = useTranslation();
  const left = splitMinutes(subscription.remaining_minutes);
  const used = subscription.duration * 60 - subscription.remaining_minutes;
  const share = subscription.duration > 0 ? Math.max(0, Math.min(1, used / (subscription.duration * 60))) : 1;
  return (
    <li className="card list-card">
      <div className="list-card__main">
        <p className="list-card__title">{subscription.name}</p>
        <p className="muted small">
          {t('subscriptions.remaining', left)} · {t('subscriptions.of_hours', { count: subscription.duration })}
        </p>
        <meter
          className="meter"
          min={0}
          max={100}
          value={Math.round((1 - share) * 100)}
          aria-label={t('subscriptions.left_label')}
        />
      </div>
      <SubscriptionStatus status={subscription.status} />
    </li>
  );
}

export function SubscriptionsPage() {
  const { t } = useTranslation();
  const subscriptions = useMySubscriptions();

  return (
    <Page title={t('subscriptions.title')} back={{ to: pathTo('profile'), label: t('nav.profile') }}>
      {subscriptions.isPending ? (
        <Loading />
      ) : subscriptions.isError ? (
        <ErrorState onRetry={() => void subscriptions.refetch()} />
      ) : subscriptions.data.length === 0 ? (
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
        <ul className="list">
          {subscriptions.data.map((s) => (
            <SubscriptionRow key={s.id} subscription={s} />
          ))}
        </ul>
      )}
    </Page>
  );
}
