import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AlertIcon } from '../../../components/icons.tsx';
import { ReadFailedCard } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useWaitingOrders } from '../api/get-orders.ts';

/** How many of them the card links to one by one; the rest are behind "see all". */
const SHOWN = 3;

/**
 * What the person still owes, on their start page: each unpaid order one tap from its
 * payment, and the sum. Nothing when all is settled.
 */
export function UnpaidOrdersCard() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const orders = useWaitingOrders();
  const unpaid = orders.data ?? [];
  // not nothing, which reads as nothing owed: the player may owe, and a new game may be refused for it
  if (orders.isError && orders.data === undefined) {
    return <ReadFailedCard text={t('unpaid.load_failed')} onRetry={() => void orders.refetch()} testId="home-unpaid" />;
  }
  if (unpaid.length === 0) return null;
  const sum = unpaid.reduce((total, o) => total + o.total, 0);
  return (
    <section className="card unpaid" aria-labelledby="unpaid-title" data-testid="home-unpaid">
      <div className="unpaid__head">
        <AlertIcon />
        <h2 id="unpaid-title" className="unpaid__title">
          {t('unpaid.title', { count: unpaid.length })}
        </h2>
      </div>
      <p className="muted small">{t('unpaid.text', { amount: formatMoney(sum, locale) })}</p>
      <ul className="unpaid__list">
        {unpaid.slice(0, SHOWN).map((order) => (
          <li key={order.id}>
            <Link to={pathTo('payment.overview', { id: order.id })} className="button button--primary button--block">
              {t('unpaid.pay', { reference: order.reference, amount: formatMoney(order.total, locale) })}
            </Link>
          </li>
        ))}
      </ul>
      {unpaid.length > SHOWN && (
        <Link to={pathTo('profile.waitingOrders')} className="link small">
          {t('unpaid.all')}
        </Link>
      )}
    </section>
  );
}
