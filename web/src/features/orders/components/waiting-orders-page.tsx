import { formatMoney } from '@club/shared/money';
import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CheckIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { useWaitingOrders } from '../api/get-orders.ts';
import { IncomingTransfers } from './incoming-transfers.tsx';
import { OrderCard, PayNowLink } from './order-card.tsx';

/** `/profile/waiting-orders`: orders still to pay (after a game, handed to me, or on my tab). */
export function WaitingOrdersPage() {
  const { t } = useTranslation();
  const orders = useWaitingOrders();
  const sum = (orders.data ?? []).reduce((total, o) => total + o.total, 0);

  return (
    <Page
      title={t('orders.waiting_title')}
      subtitle={t('orders.waiting_subtitle')}
      back={{ to: pathTo('profile'), label: t('nav.profile') }}
    >
      <IncomingTransfers />
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <ErrorState onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <EmptyState
          icon={<CheckIcon />}
          title={t('orders.waiting_empty')}
          text={t('orders.waiting_empty_text')}
          action={
            <Link to={pathTo('profile.orderHistory')} className="button button--secondary">
              {t('orders.history_title')}
            </Link>
          }
        />
      ) : (
        <>
          <div className="pay-total" aria-live="polite">
            <span className="pay-total__label">{t('pay.waiting.sum', { count: orders.data.length })}</span>
            <strong className="pay-total__amount">{formatMoney(sum, currentLocale())}</strong>
          </div>
          <ul className="list">
            {orders.data.map((order) => (
              <OrderCard key={order.id} order={order}>
                <PayNowLink order={order} />
              </OrderCard>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
