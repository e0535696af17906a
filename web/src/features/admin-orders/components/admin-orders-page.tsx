import { formatMoney } from '@club/shared/money';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type TOrder,
  type TOrderStatus,
  type TPaymentMethod,
} from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { CardIcon, ReceiptIcon, SearchIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, ErrorState, Loading, QueryStates } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useAdminOrders, useKioskQueue } from '../api/get-orders.ts';
import { useSettleOrder } from '../api/settle-order.ts';
import '../../../styles/payments.css';
import { ORDER_STATUS_TEXT, OrderStatusPill } from '../../../components/order-status-pill.tsx';
import { paymentMethodName, paymentMethodText } from '../../../lib/order-method.ts';
import { orderOwner } from '../../../lib/order-owner.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { ORDER_KIND_TEXT } from '../lib/order-texts.ts';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';

const isStatus = (v: string | null): v is TOrderStatus => ORDER_STATUSES.includes(v as TOrderStatus);
const isMethod = (v: string | null): v is TPaymentMethod => PAYMENT_METHODS.includes(v as TPaymentMethod);
const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

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
  const settle = useSettleOrder();
  const locale = currentLocale();
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
            <li key={order.id} className="card pay-queue__item">
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
                busy={settle.isPending && settle.variables?.id === order.id}
                aria-label={t('pay.admin.approve_named', { reference: order.reference })}
                onClick={() =>
                  settle.mutate(
                    { id: order.id, action: 'approve' },
                    { onSuccess: () => notifySuccess(t('pay.admin.approved', { reference: order.reference })) },
                  )
                }
              >
                <CardIcon />
                {t('pay.admin.approve')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function AllOrders() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status');
  const method = params.get('method');
  const from = params.get('from');
  const to = params.get('to');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const orders = useAdminOrders({
    page,
    status: isStatus(status) ? status : undefined,
    method: isMethod(method) ? method : undefined,
    from: isDate(from) ? from : undefined,
    to: isDate(to) ? to : undefined,
    q: q || undefined,
  });

  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );

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
        <Filter label={t('pay.admin.status')}>
          {(id) => (
            <select
              id={id}
              className="field__input"
              value={isStatus(status) ? status : ''}
              onChange={(e) => set('status', e.target.value)}
            >
              <option value="">{t('pay.admin.any')}</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(ORDER_STATUS_TEXT[s])}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter label={t('pay.admin.method')}>
          {(id) => (
            <select
              id={id}
              className="field__input"
              value={isMethod(method) ? method : ''}
              onChange={(e) => set('method', e.target.value)}
            >
              <option value="">{t('pay.admin.any')}</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {paymentMethodName(t, m)}
                </option>
              ))}
            </select>
          )}
        </Filter>
        <Filter label={t('pay.admin.from')}>
          {(id) => (
            <input
              id={id}
              type="date"
              className="field__input"
              value={isDate(from) ? from : ''}
              onChange={(e) => set('from', e.target.value)}
            />
          )}
        </Filter>
        <Filter label={t('pay.admin.to')}>
          {(id) => (
            <input
              id={id}
              type="date"
              className="field__input"
              value={isDate(to) ? to : ''}
              onChange={(e) => set('to', e.target.value)}
            />
          )}
        </Filter>
        {filtered && (
          <div className="pay-filters__clear">
            <Button
              variant="ghost"
              className="button--small"
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              {t('pay.admin.clear')}
            </Button>
          </div>
        )}
      </div>

      <QueryStates
        query={orders}
        isEmpty={(found) => found.data.length === 0}
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
            <Pager page={page} answer={found} onPage={(p) => set('page', String(p))} />
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
