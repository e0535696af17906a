import { formatMoney } from '@club/shared/money';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type TOrder,
  type TOrderStatus,
  type TPaymentMethod,
} from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ClearFilters, DateRangeFilter, Filter, SelectFilter } from '../../../components/filters.tsx';
import { Button } from '../../../components/form.tsx';
import { CardIcon, ReceiptIcon, SearchIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, ErrorState, Loading, QueryStates } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useAdminOrders, useKioskQueue } from '../api/get-orders.ts';
import { useSettleOrder } from '../api/settle-order.ts';
import '../../../styles/payments.css';
import { ORDER_STATUS_TEXT, OrderStatusPill } from '../../../components/order-status-pill.tsx';
import { paymentMethodName, paymentMethodText } from '../../../lib/order-method.ts';
import { orderOwner } from '../../../lib/order-owner.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { dateParam, useSearchParamFilters } from '../../../lib/use-search-param-filters.ts';
import { ORDER_KIND_TEXT } from '../lib/order-texts.ts';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';

const isStatus = (v: string | null): v is TOrderStatus => ORDER_STATUSES.includes(v as TOrderStatus);
const isMethod = (v: string | null): v is TPaymentMethod => PAYMENT_METHODS.includes(v as TPaymentMethod);

/** `/admin/orders`: the counter's queue of card payments, then every order with filters. */
export function AdminOrdersPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.orders.title')} subtitle={t('admin.orders.subtitle')} wide>
      <KioskQueue />
      <AllOrders />
      <PaymentMethodsPanel />
    </Page>
  );
}

function KioskQueue() {
  const { t } = useTranslation();
  const queue = useKioskQueue();
  return (
    <Section
      title={t('pay.admin.queue')}
      action={queue.data && queue.data.length > 0 ? <span className="badge">{queue.data.length}</span> : undefined}
    >
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <ErrorState onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <p className="card muted pay-queue__empty">{t('admin.dashboard.approvals_empty')}</p>
      ) : (
        <ul className="list pay-queue" aria-live="polite">
          {queue.data.map((order) => (
            <QueueItem key={order.id} order={order} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * One card payment waiting at the counter. Each has its own approval, sent once however fast
 * it is tapped (the second's "already completed" replaced the first's "approved"), while the
 * next payment in the queue can be approved at once.
 */
function QueueItem({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const settle = useSettleOrder();
  const settleOnce = useRunOnce(settle);
  return (
    <li className="card pay-queue__item">
      <div className="pay-queue__main">
        <Link to={pathTo('admin.order', { id: order.id })} className="pay-queue__ref">
          {order.reference}
        </Link>
        <span className="pay-queue__who">{orderOwner(t, order)}</span>
        <span className="muted small">
          <time dateTime={order.date}>{formatDateTime(order.date, locale)}</time>
          {order.status === 'pay_later' && <> · {t('pay.status.pay_later')}</>}
        </span>
      </div>
      <strong className="pay-queue__amount">{formatMoney(order.total, locale)}</strong>
      <Button
        className="button--small"
        busy={settle.isPending}
        aria-label={t('pay.admin.approve_named', { reference: order.reference })}
        onClick={() =>
          settleOnce(
            { id: order.id, action: 'approve' },
            { onSuccess: () => notifySuccess(t('pay.admin.approved', { reference: order.reference })) },
          )
        }
      >
        <CardIcon />
        {t('pay.admin.approve')}
      </Button>
    </li>
  );
}

function AllOrders() {
  const { t } = useTranslation();
  const { params, setParams, page, set, clear } = useSearchParamFilters();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const rawMethod = params.get('method');
  const method = isMethod(rawMethod) ? rawMethod : undefined;
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const orders = useAdminOrders({ page, status, method, from, to, q: q || undefined });

  useEffect(() => {
    setParams(
      (prev) => {
        if (q === (prev.get('q') ?? '')) return prev;
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const filtered = Boolean(status || method || from || to || q);

  return (
    <Section title={t('pay.admin.all')}>
      <div className="card pay-filters">
        <Filter label={t('pay.admin.search')}>
          {(id) => (
            <div className="search">
              <SearchIcon />
              <input
                id={id}
                type="search"
                className="field__input search__input"
                placeholder={t('pay.admin.search_placeholder')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
          )}
        </Filter>
        <SelectFilter
          label={t('pay.admin.status')}
          any={t('pay.admin.any')}
          values={ORDER_STATUSES}
          value={status}
          text={(s) => t(ORDER_STATUS_TEXT[s])}
          onChange={(v) => set('status', v)}
        />
        <SelectFilter
          label={t('pay.admin.method')}
          any={t('pay.admin.any')}
          values={PAYMENT_METHODS}
          value={method}
          text={(m) => paymentMethodName(t, m)}
          onChange={(v) => set('method', v)}
        />
        <DateRangeFilter
          labels={{ from: t('pay.admin.from'), to: t('pay.admin.to') }}
          from={from}
          to={to}
          bounded
          onChange={set}
        />
        {filtered && (
          <ClearFilters
            className="pay-filters__clear"
            label={t('pay.admin.clear')}
            onClear={() => {
              setSearch('');
              clear();
            }}
          />
        )}
      </div>

      <QueryStates
        query={orders}
        empty={
          <EmptyState
            icon={<ReceiptIcon />}
            title={filtered ? t('pay.admin.no_match') : t('admin.orders.empty')}
            text={filtered ? t('pay.admin.no_match_text') : t('admin.orders.empty_text')}
          />
        }
      >
        {(found) => (
          <>
            <p className="muted small" aria-live="polite">
              {t('pay.history.count', { count: found.total })}
            </p>
            <ul className="list" aria-busy={orders.isFetching || undefined}>
              {found.data.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
            <Pager page={page} answer={found} onPage={(p, how) => set('page', String(p), how)} />
          </>
        )}
      </QueryStates>
    </Section>
  );
}

function OrderRow({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <li className="card pay-row">
      <div className="pay-row__main">
        <Link to={pathTo('admin.order', { id: order.id })} className="pay-row__ref">
          {order.reference}
        </Link>
        <span className="pay-row__who">{orderOwner(t, order)}</span>
      </div>
      <span className="muted small pay-row__when">
        <time dateTime={order.date}>{formatDateTime(order.date, locale)}</time>
        {' · '}
        {t(ORDER_KIND_TEXT[order.kind])}
        {order.method && <> · {paymentMethodText(t, order)}</>}
      </span>
      <OrderStatusPill status={order.status} />
      <strong className="pay-row__total">{formatMoney(order.total, locale)}</strong>
    </li>
  );
}
