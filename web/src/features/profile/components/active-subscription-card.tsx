import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ClockIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/states.tsx';
import { splitMinutes } from '../../../lib/format.ts';
import { useMyActiveSubscription } from '../api/get-my-active-subscription.ts';

/** The prepaid hours that pay the next minutes of play, if any. */
export function ActiveSubscriptionCard() {
  const { t } = useTranslation();
  const active = useMyActiveSubscription();

  return (
    <div className="card card--accent">
      <div className="card__icon">
        <ClockIcon />
      </div>
      <div className="card__body">
        <p className="card__label">{t('home.subscription')}</p>
        {active.isPending ? (
          <Spinner />
        ) : active.isError ? (
          // not "no prepaid hours, buy some": the hours may well be there
          <>
            <p className="card__value" role="alert">
              {t('common.load_failed')}
            </p>
            <button type="button" className="link small" onClick={() => void active.refetch()}>
              {t('common.retry')}
            </button>
          </>
        ) : active.data ? (
          <>
            <p className="card__value">{t('subscriptions.remaining', splitMinutes(active.data.remaining_minutes))}</p>
            <p className="muted small">{active.data.name}</p>
          </>
        ) : (
          <>
            <p className="card__value">{t('home.no_subscription')}</p>
            <Link to={pathTo('shop')} className="link small">
              {t('home.buy_hours')}
            </Link>
          </>
        )}
      </div>
      <Link to={pathTo('profile.subscriptions')} className="card__more link small">
        {t('common.see_all')}
      </Link>
    </div>
  );
}
