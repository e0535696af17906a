import { formatMoney } from '@club/shared/money';
import { OPEN_ORDER_STATUSES, type TOrderDetail, type TOrderItem, type TOrderStatus } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/form.tsx';
import { CardIcon, CoinsIcon, ReceiptIcon, TrashIcon } from '../../../components/icons.tsx';
import { ORDER_STATUS_TEXT, OrderStatusPill } from '../../../components/order-status-pill.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { type SettleAction, useSettleOrder } from '../api/settle-order.ts';
import { RefundPanel } from './refund-panel.tsx';
import '../../../styles/payments.css';
import { paymentMethodName, paymentMethodText } from '../../../lib/order-method.ts';
import { orderOwner } from '../../../lib/order-owner.ts';
import { ORDER_KIND_TEXT, VIPPS_STATE_TEXT } from '../lib/order-texts.ts';

const OPEN: readonly TOrderStatus[] = OPEN_ORDER_STATUSES;
const MINIMUM = 'minimum_charge';

/** `/admin/orders/{id}`: lines, payments and timeline of one order; approve, pay as admin, delete. */
export function AdminOrderPage() {
  const { t } = useTranslation();
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const order = useAdminOrder(id);
  const missing = id === 0 || (order.error instanceof ApiError && order.error.status === 404);
  return (
    <Page
      title={order.data ? t('admin.orders.one', { id: order.data.reference }) : t('admin.orders.title')}
      subtitle={order.data ? t('admin.orders.one_subtitle') : undefined}
      back={{ to: pathTo('admin.orders'), label: t('admin.orders.title') }}
      wide
    >
      {missing ? (
        <EmptyState icon={<ReceiptIcon />} title={t('pay.not_found')} />
      ) : order.isError ? (
        <ErrorState onRetry={() => void order.refetch()} />
      ) : order.data ? (
        <OrderDetail order={order.data} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function OrderDetail({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const open = OPEN.includes(order.status);
  return (
    <div className="pay-admin">
      <div className="pay-admin__side">
        <div className="card pay-admin__summary">
          <div className="pay-head">
            <span className="pay-admin__ref">{order.reference}</span>
            <OrderStatusPill status={order.status} />
          </div>
          <dl className="facts">
            <div>
              <dt>{t('pay.admin.customer')}</dt>
              <dd>{orderOwner(t, order)}</dd>
            </div>
            <div>
              <dt>{t('pay.admin.date')}</dt>
              <dd>{formatDateTime(order.date, locale)}</dd>
            </div>
            <div>
              <dt>{t('pay.admin.kind')}</dt>
              <dd>{t(ORDER_KIND_TEXT[order.kind])}</dd>
            </div>
            <div>
              <dt>{t('pay.admin.method')}</dt>
              <dd>{order.method ? paymentMethodText(t, order) : '—'}</dd>
            </div>
            <div>
              <dt>{t('pay.receipt.total')}</dt>
              <dd className="pay-admin__total">{formatMoney(order.total, locale)}</dd>
            </div>
            {order.refunded_amount > 0 && (
              <div>
                <dt>{t('pay.status.refunded')}</dt>
                <dd data-testid="refunded-amount">−{formatMoney(order.refunded_amount, locale)}</dd>
              </div>
            )}
            {order.discount_amount > 0 && (
              <div>
                <dt>{t('pay.receipt.discount')}</dt>
                <dd>−{formatMoney(order.discount_amount, locale)}</dd>
              </div>
            )}
          </dl>
        </div>
        {open ? <Actions order={order} /> : <p className="card muted small">{t('pay.admin.final')}</p>}
      </div>
      <div className="pay-admin__main">
        <Section title={t('pay.admin.lines')}>
          <Items order={order} />
        </Section>
        <Section title={t('pay.admin.payments')}>
          {order.payments.length === 0 ? (
            <p className="card muted small">{t('pay.admin.no_payments')}</p>
          ) : (
            <ul className="list">
              {order.payments.map((p) => (
                <li key={p.id} className="card pay-row">
                  <div className="pay-row__main">
                    <span className="pay-row__ref">{paymentMethodName(t, p.provider)}</span>
                    <span className="muted small pay-mono">{p.reference}</span>
                  </div>
                  <span className="muted small pay-row__when">{formatDateTime(p.created_at, locale)}</span>
                  <span className="pill">{t(VIPPS_STATE_TEXT[p.state])}</span>
                  <strong className="pay-row__total">{formatMoney(p.amount, locale)}</strong>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <RefundPanel order={order} />
        <Section title={t('pay.admin.timeline')}>
          {(order.timeline ?? []).length === 0 ? (
            <p className="card muted small">{t('pay.admin.no_timeline')}</p>
          ) : (
            <ol className="card pay-timeline">
              {(order.timeline ?? []).map((e) => (
                <li key={`${e.at}-${e.from}-${e.to}-${e.method}`} className="pay-timeline__event">
                  <span className="pay-timeline__dot" aria-hidden="true" />
                  <div>
                    <p className="pay-timeline__what">
                      {e.from === null
                        ? t('pay.timeline.created', { to: t(ORDER_STATUS_TEXT[e.to]) })
                        : e.from === e.to
                          ? t('pay.timeline.method', {
                              method: e.method ? paymentMethodName(t, e.method) : '—',
                            })
                          : t('pay.timeline.changed', {
                              from: t(ORDER_STATUS_TEXT[e.from]),
                              to: t(ORDER_STATUS_TEXT[e.to]),
                            })}
                      {e.from !== e.to && e.method && <> · {paymentMethodName(t, e.method)}</>}
                    </p>
                    <p className="muted small">
                      <time dateTime={e.at}>{formatDateTime(e.at, locale)}</time> ·{' '}
                      {e.actor_name ?? t('pay.timeline.system')}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </div>
  );
}

function itemName(t: (key: string) => string, item: TOrderItem) {
  return item.description.startsWith(MINIMUM)
    ? `${t('pay.item.minimum_charge')}${item.description.slice(MINIMUM.length)}`
    : item.description;
}

function Items({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (order.items.length === 0) return <p className="card muted small">{t('pay.receipt.no_items')}</p>;
  return (
    <div className="card pay-table-wrap">
      <table className="pay-table">
        <thead>
          <tr>
            <th scope="col">{t('pay.admin.line')}</th>
            <th scope="col" className="pay-num">
              {t('pay.admin.quantity')}
            </th>
            <th scope="col" className="pay-num pay-hide-narrow">
              {t('pay.admin.unit_price')}
            </th>
            <th scope="col" className="pay-num">
              {t('pay.receipt.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td>
                {itemName(t, item)}
                {(item.subscription_minutes ?? 0) > 0 && (
                  <span className="receipt__prepaid">
                    {t('pay.item.prepaid', { count: item.subscription_minutes ?? 0 })}
                  </span>
                )}
              </td>
              <td className="pay-num">
                {item.kind === 'game' && item.minutes !== null
                  ? t('pay.item.minutes', { count: item.minutes })
                  : item.quantity}
              </td>
              <td className="pay-num pay-hide-narrow">
                {item.kind === 'game' && item.minutes !== null
                  ? t('pay.item.per_minute', { price: formatMoney(item.unit_price, locale) })
                  : formatMoney(item.unit_price, locale)}
              </td>
              <td className="pay-num">{formatMoney(item.total, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.discount_amount > 0 && (
            <tr>
              <th scope="row" colSpan={2}>
                {t('pay.receipt.discount')}
              </th>
              <td className="pay-hide-narrow" />
              <td className="pay-num">−{formatMoney(order.discount_amount, locale)}</td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={2}>
              {t('pay.receipt.total')}
            </th>
            <td className="pay-hide-narrow" />
            <td className="pay-num">
              <strong>{formatMoney(order.total, locale)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Actions({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const settle = useSettleOrder();
  // one action at a time: a double tap on Delete would otherwise answer "not found" over the
  // first tap's success, and the page stayed on the deleted order
  const settleOnce = useRunOnce(settle);
  const navigate = useNavigate();
  // each of these settles the order for good, so each asks first, naming what it settles
  const [asking, setAsking] = useState<SettleAction | null>(null);
  const run = (action: SettleAction, done: string) =>
    settleOnce(
      { id: order.id, action },
      {
        onSuccess: () => {
          notifySuccess(done);
          if (action === 'delete') navigate(pathTo('admin.orders'));
        },
        onSettled: () => setAsking(null),
      },
    );
  const busy = (action: SettleAction) => settle.isPending && settle.variables?.action === action;
  const atKiosk = order.method === 'physical';
  const named = {
    reference: order.reference,
    name: orderOwner(t, order),
    amount: formatMoney(order.total, currentLocale()),
  };
  return (
    <div className="card pay-admin__actions">
      {atKiosk && <p className="notice small">{t('pay.admin.at_kiosk_note')}</p>}
      <Button
        className="button--block"
        variant={atKiosk ? 'primary' : 'secondary'}
        disabled={settle.isPending}
        onClick={() => setAsking('approve')}
      >
        <CardIcon />
        {t('pay.admin.approve_card')}
      </Button>
      {/* money taken goes through the till, so the drawer expects it and the receipt shows it;
          paying as admin takes none */}
      <Link
        className="button button--secondary button--block"
        to={`${pathTo('admin.counter')}?${new URLSearchParams({ pay: String(order.id) })}`}
      >
        <ReceiptIcon />
        {t('pay.admin.take_at_counter')}
      </Link>
      <Button
        className="button--block"
        variant="secondary"
        disabled={settle.isPending}
        onClick={() => setAsking('system')}
      >
        <CoinsIcon />
        {t('pay.admin.pay_as_admin')}
      </Button>
      <Button
        className="button--block pay-danger-outline"
        variant="ghost"
        disabled={settle.isPending}
        onClick={() => setAsking('delete')}
      >
        <TrashIcon />
        {t('pay.admin.delete')}
      </Button>
      <ConfirmDialog
        open={asking === 'approve'}
        title={t('pay.admin.approve_title', named)}
        confirmLabel={t('pay.admin.approve')}
        tone="primary"
        busy={busy('approve')}
        onCancel={() => setAsking(null)}
        onConfirm={() => run('approve', t('pay.admin.approved', { reference: order.reference }))}
      >
        <p>{t('pay.admin.approve_text', named)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'system'}
        title={t('pay.admin.pay_as_admin_title', named)}
        confirmLabel={t('pay.admin.pay_as_admin_confirm')}
        tone="primary"
        busy={busy('system')}
        onCancel={() => setAsking(null)}
        onConfirm={() => run('system', t('pay.admin.paid_as_admin', { reference: order.reference }))}
      >
        <p>{t('pay.admin.pay_as_admin_text', named)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('pay.admin.delete_title', named)}
        confirmLabel={t('common.delete')}
        busy={busy('delete')}
        onCancel={() => setAsking(null)}
        onConfirm={() => run('delete', t('pay.admin.deleted', { reference: order.reference }))}
      >
        <p>{t('pay.admin.delete_text', named)}</p>
      </ConfirmDialog>
    </div>
  );
}
