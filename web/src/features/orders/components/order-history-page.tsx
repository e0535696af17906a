import { OPEN_ORDER_STATUSES, type TOrderStatus } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { ReceiptIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { useMyOrders } from '../api/get-orders.ts';
import { OrderCard, PayNowLink } from './order-card.tsx';

const OPEN: readonly TOrderStatus[] = OPEN_ORDER_STATUSES;

/** `/profile/order-history`: every order of mine, newest first, a page at a time, with receipts. */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useMyOrders(page);
  const goTo = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('page', String(p));
      return next;
    });

  return (
    <Page title={t('orders.history_title')} back={{ to: pathTo('profile'), label: t('nav.profile') }}>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <ErrorState onRetry={() => void orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
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
      ) : (
        <>
          <p className="muted small">{t('pay.history.count', { count: orders.data.total })}</p>
          <ul className="list" aria-busy={orders.isFetching || undefined}>
            {orders.data.data.map((order) => (
              <OrderCard key={order.id} order={order}>
                {OPEN.includes(order.status) ? (
                  <PayNowLink order={order} />
                ) : (
                  <Link
                    to={pathTo('payment.result', { id: order.id })}
                    className="button button--secondary button--small"
                    aria-label={t('pay.history.receipt_named', { reference: order.reference })}
                  >
                    <ReceiptIcon />
                    {t('pay.history.receipt')}
                  </Link>
                )}
              </OrderCard>
            ))}
          </ul>
          {orders.data.last_page > 1 && (
            <nav className="pager" aria-label={t('common.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('common.previous')}
              </Button>
              <span className="muted small">
                {t('common.page_of', { page: orders.data.current_page, last: orders.data.last_page })}
              </span>
              <Button variant="secondary" disabled={page >= orders.data.last_page} onClick={() => goTo(page + 1)}>
                {t('common.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </Page>
  );
}
