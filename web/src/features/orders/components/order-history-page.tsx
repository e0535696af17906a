import { OPEN_ORDER_STATUSES, type TOrderStatus } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ReceiptIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { Pager, usePageParam } from '../../../components/pager.tsx';
import { EmptyState, QueryStates } from '../../../components/states.tsx';
import { hasReceipt } from '../../../lib/order-method.ts';
import { useMyOrders } from '../api/get-orders.ts';
import { OrderCard, PayNowLink } from './order-card.tsx';

const OPEN: readonly TOrderStatus[] = OPEN_ORDER_STATUSES;

/** `/profile/order-history`: every order of mine, newest first, a page at a time, with receipts. */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  const [page, goTo] = usePageParam();
  const orders = useMyOrders(page);

  return (
    <Page title={t('orders.history_title')} back={{ to: pathTo('profile'), label: t('nav.profile') }}>
      <QueryStates
        query={orders}
        empty={
          <EmptyState
            icon={<ReceiptIcon />}
            title={t('orders.history_empty')}
            text={t('orders.history_empty_text')}
            action={
              <Link to={pathTo('shop')} className="button button--secondary">
                {t('nav.shop')}
              </Link>
            }
          />
        }
      >
        {(found) => (
          <>
            <p className="muted small">{t('pay.history.count', { count: found.total })}</p>
            <ul className="list" aria-busy={orders.isFetching || undefined}>
              {found.data.map((order) => (
                <OrderCard key={order.id} order={order}>
                  {OPEN.includes(order.status) ? (
                    <PayNowLink order={order} />
                  ) : hasReceipt(order) ? (
                    <Link
                      to={pathTo('payment.result', { id: order.id })}
                      className="button button--secondary button--small"
                      aria-label={t('pay.history.receipt_named', { reference: order.reference })}
                    >
                      <ReceiptIcon />
                      {t('pay.history.receipt')}
                    </Link>
                  ) : (
                    // cancelled, deleted or handed over: never charged, so no receipt
                    <Link
                      to={pathTo('payment.result', { id: order.id })}
                      className="button button--ghost button--small"
                      aria-label={t('pay.history.details_named', { reference: order.reference })}
                    >
                      {t('pay.history.details')}
                    </Link>
                  )}
                </OrderCard>
              ))}
            </ul>
            <Pager page={page} answer={found} onPage={goTo} />
          </>
        )}
      </QueryStates>
    </Page>
  );
}
