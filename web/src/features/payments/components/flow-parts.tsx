import type { TOrderDetail } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AlertIcon, ReceiptIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import '../../../styles/payments.css';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { useOrder } from '../api/get-order.ts';
import { type PaymentFlowActor, useOrderIdParam } from '../lib/use-payment-flow.ts';

/** The machine's top-level state name (`waitingForVipps`, `paid`, …). */
export function useFlowState(actor: PaymentFlowActor): string {
  return useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : (Object.keys(s.value)[0] ?? '')));
}

export function useFlowTag(actor: PaymentFlowActor, tag: string): boolean {
  return useSelector(actor, (s) => s.hasTag(tag));
}

/**
 * A payment screen's frame: the order is loaded (or not found) before anything else.
 * The children get the order.
 */
export function OrderFrame({
  orderId,
  title,
  subtitle,
  back,
  children,
}: {
  orderId: number;
  title: string;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  children: (order: TOrderDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const order = useOrder(orderId);
  const missing = orderId === 0 || (order.error instanceof ApiError && order.error.status === 404);
  return (
    <Page title={title} subtitle={order.data ? subtitle : undefined} {...(back ? { back } : {})}>
      {missing ? (
        <EmptyState
          icon={<ReceiptIcon />}
          title={t('pay.not_found')}
          text={t('pay.not_found_text')}
          action={
            <Link to={pathTo('profile.waitingOrders')} className="button button--secondary">
              {t('orders.waiting_title')}
            </Link>
          }
        />
      ) : order.isError ? (
        <ErrorState onRetry={() => void order.refetch()} />
      ) : order.data ? (
        children(order.data)
      ) : (
        <Loading />
      )}
    </Page>
  );
}

/** A payment method's page for the order in the address; back is the choice of method. */
export function MethodFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: (order: TOrderDetail) => ReactNode;
}) {
  const id = useOrderIdParam();
  const { t } = useTranslation();
  return (
    <OrderFrame
      key={id}
      orderId={id}
      title={title}
      subtitle={subtitle}
      back={{ to: pathTo('payment.overview', { id }), label: t('pay.overview.title') }}
    >
      {children}
    </OrderFrame>
  );
}

/** The amount to pay, announced when it changes. */
export function TotalBox({ order, label }: { order: TOrderDetail; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="pay-total" aria-live="polite">
      <span className="pay-total__label">{label ?? t('pay.total_to_pay')}</span>
      <strong className="pay-total__amount">{formatMoney(order.total, currentLocale())}</strong>
    </div>
  );
}

/** A status message with an icon, a title, a text and actions. */
export function Banner({
  tone = 'info',
  icon,
  title,
  children,
  actions,
}: {
  tone?: 'info' | 'success' | 'warning' | 'danger';
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={`pay-banner pay-banner--${tone}`}>
      {icon && <div className="pay-banner__icon">{icon}</div>}
      <div className="pay-banner__body">
        <p className="pay-banner__title">{title}</p>
        {children && <div className="pay-banner__text">{children}</div>}
        {actions && <div className="pay-banner__actions">{actions}</div>}
      </div>
    </div>
  );
}

export function VippsMark({ large = false }: { large?: boolean }) {
  return (
    <span
      className={large ? 'vipps-mark pay-vipps-mark pay-vipps-mark--large' : 'vipps-mark pay-vipps-mark'}
      aria-hidden="true"
    >
      V
    </span>
  );
}

/** A Vipps payment of the order is open: back to it. */
export function VippsOpenBanner({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  return (
    <Banner
      icon={<VippsMark />}
      title={t('pay.banner.vipps_open')}
      actions={
        <Link to={pathTo('payment.vipps', { id: orderId })} className="button button--primary button--small">
          {t('pay.banner.vipps_continue')}
        </Link>
      }
    >
      {t('pay.banner.vipps_open_text')}
    </Banner>
  );
}

const GONE_TEXT = {
  canceled: { title: 'pay.banner.canceled', text: 'pay.banner.canceled_text' },
  transferred: { title: 'pay.banner.transferred', text: 'pay.banner.transferred_text' },
} as const satisfies Record<string, { title: TextKey; text: TextKey }>;

/** The order was canceled, or moved to another: nothing to pay here. */
export function OrderGoneBanner({ state }: { state: keyof typeof GONE_TEXT }) {
  const { t } = useTranslation();
  return (
    <Banner icon={<AlertIcon />} title={t(GONE_TEXT[state].title)}>
      {t(GONE_TEXT[state].text)}
    </Banner>
  );
}
