import type { TUserSubscription } from '@club/shared/shop';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { splitMinutes } from '../../../lib/format.ts';

/** One of my subscriptions: the time left, a gauge, what it does now and what I can do. */
export function SubscriptionCard({
  subscription,
  inUse,
  busy,
  onPause,
  onUnpause,
  onDelete,
}: {
  subscription: TUserSubscription;
  /** the one that pays the next minutes of play */
  inUse: boolean;
  busy: boolean;
  onPause: () => void;
  onUnpause: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const { status } = subscription;
  const total = subscription.duration * 60;
  const left = splitMinutes(subscription.remaining_minutes);
  const share = total > 0 ? Math.max(0, Math.min(1, subscription.remaining_minutes / total)) : 0;
  const labels: Record<TUserSubscription['status'], string> = {
    active: t('subscriptions.status_active'),
    paused: t('subscriptions.status_paused'),
    expired: t('subscriptions.status_expired'),
    deleted: t('subscriptions.status_deleted'),
    refunded: t('subscriptions.status_refunded'),
  };
  const notes: Record<TUserSubscription['status'], string> = {
    active: inUse ? t('store.subscriptions.active_note') : t('store.subscriptions.queued_note'),
    paused: t('store.subscriptions.paused_note'),
    expired: t('store.subscriptions.expired_note'),
    deleted: '',
    refunded: t('store.subscriptions.refunded_note'),
  };
  const live = status === 'active' || status === 'paused';

  return (
    <li
      className={`card sub-card sub-card--${status}`}
      aria-labelledby={nameId}
      data-testid={`subscription-${subscription.id}`}
    >
      <div className="sub-card__head">
        <h2 id={nameId} className="sub-card__name">
          {subscription.name}
        </h2>
        <span className="sub-card__pills">
          {inUse && status === 'active' && <span className="pill pill--active">{t('store.subscriptions.in_use')}</span>}
          <span className={`pill pill--${status}`} data-testid="subscription-status">
            {labels[status]}
          </span>
        </span>
      </div>
      <p className="sub-card__left">
        <span className="sub-card__time" data-testid="subscription-left">
          {t('store.subscriptions.time', left)}
        </span>
        <span className="muted small"> {t('store.subscriptions.left_of', { count: subscription.duration })}</span>
      </p>
      <meter
        className={`meter sub-card__meter${status === 'paused' ? ' meter--paused' : ''}`}
        min={0}
        max={100}
        low={10}
        optimum={100}
        value={Math.round(share * 100)}
        aria-label={t('subscriptions.left_label')}
        aria-valuetext={t('subscriptions.remaining', left)}
      />
      {notes[status] && <p className="muted small">{notes[status]}</p>}
      {subscription.refunded_minutes > 0 && status !== 'refunded' && (
        <p className="muted small" data-testid="subscription-taken-back">
          {t('store.subscriptions.taken_back', splitMinutes(subscription.refunded_minutes))}
        </p>
      )}
      {live && (
        <div className="sub-card__actions">
          {status === 'active' ? (
            <Button
              variant="secondary"
              className="button--small"
              onClick={onPause}
              busy={busy}
              aria-describedby={nameId}
            >
              {t('store.subscriptions.pause')}
            </Button>
          ) : (
            <Button className="button--small" onClick={onUnpause} busy={busy} aria-describedby={nameId}>
              {t('store.subscriptions.unpause')}
            </Button>
          )}
          <Button
            variant="ghost"
            className="button--small sub-card__delete"
            onClick={onDelete}
            disabled={busy}
            aria-describedby={nameId}
          >
            {t('store.subscriptions.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
