import type { TOrderDetail } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { AlertIcon, CardIcon, CheckIcon, ClockIcon, UsersIcon } from '../../../components/icons.tsx';
import { Section } from '../../../components/page.tsx';
import { Loading, Spinner } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { coveredBySubscription, hasReceipt, paymentMethodName, prepaidMinutes } from '../../../lib/order-method.ts';
import { useOrderIdParam, usePaymentFlow } from '../lib/use-payment-flow.ts';
import { OrderFrame, useFlowState, VippsMark } from './flow-parts.tsx';
import { OrderHeading, OrderReceipt } from './order-receipt.tsx';
import { ReceiptActions } from './receipt-actions.tsx';

/** `/payment/result/{id}`: paid, failed or canceled, the receipt, and what to do next. */
export function PaymentResultPage() {
  const id = useOrderIdParam();
  const { t } = useTranslation();
  return (
    <OrderFrame key={id} orderId={id} title={t('pay.result.title')}>
      {(order) => <ResultBody order={order} />}
    </OrderFrame>
  );
}

function Outcome({
  tone,
  icon,
  title,
  text,
  children,
}: {
  tone: 'success' | 'danger' | 'warning' | 'info';
  icon: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`card pay-outcome pay-outcome--${tone}`}>
      <div className="pay-outcome__icon">{icon}</div>
      <h2 className="pay-outcome__title" aria-live="polite">
        {title}
      </h2>
      {text && <p className="pay-outcome__text">{text}</p>}
      {children && <div className="pay-outcome__actions">{children}</div>}
    </div>
  );
}

function ResultBody({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const actor = usePaymentFlow(order.id);
  const state = useFlowState(actor);
  const id = order.id;
  const amount = formatMoney(order.total, currentLocale());
  const home = (
    <Link to={pathTo('home')} className="button button--secondary button--block">
      {t('pay.result.home')}
    </Link>
  );
  const history = (
    <Link to={pathTo('profile.orderHistory')} className="button button--secondary button--block">
      {t('orders.history_title')}
    </Link>
  );
  const payNow = (label: string) => (
    <Link to={pathTo('payment.overview', { id })} className="button button--primary button--block">
      {label}
    </Link>
  );

  let outcome: ReactNode;
  switch (state) {
    case 'loading':
      outcome = <Loading />;
      break;
    case 'loadFailed':
      outcome = (
        <Outcome tone="danger" icon={<AlertIcon />} title={t('common.load_failed')}>
          <Button variant="secondary" className="button--block" onClick={() => actor.send({ type: 'REFRESH' })}>
            {t('common.retry')}
          </Button>
        </Outcome>
      );
      break;
    case 'paid':
      outcome = (
        <Outcome
          tone="success"
          icon={<CheckIcon />}
          title={t('pay.result.paid')}
          text={
            coveredBySubscription(order)
              ? t('pay.covered.banner', { count: prepaidMinutes(order) })
              : order.method
                ? t('pay.result.paid_text', { amount, method: paymentMethodName(t, order.method) })
                : t('pay.result.paid_text_plain', { amount })
          }
        >
          {home}
          {history}
        </Outcome>
      );
      break;
    case 'failed':
    case 'expired':
      outcome = (
        <Outcome
          tone={state === 'failed' ? 'danger' : 'warning'}
          icon={state === 'failed' ? <AlertIcon /> : <ClockIcon />}
          title={t(state === 'failed' ? 'pay.result.failed' : 'pay.result.expired')}
          text={t('pay.result.not_charged')}
        >
          <Link to={pathTo('payment.vipps', { id })} className="button button--primary button--block">
            {t('pay.vipps.try_again')}
          </Link>
          <Link to={pathTo('payment.overview', { id })} className="button button--secondary button--block">
            {t('pay.vipps.other_ways')}
          </Link>
        </Outcome>
      );
      break;
    case 'canceled':
      outcome = (
        <Outcome tone="info" icon={<AlertIcon />} title={t('pay.banner.canceled')} text={t('pay.banner.canceled_text')}>
          {home}
        </Outcome>
      );
      break;
    case 'transferred':
      outcome = (
        <Outcome
          tone="info"
          icon={<UsersIcon />}
          title={t('pay.result.transferred')}
          text={t('pay.result.transferred_text')}
        >
          {home}
        </Outcome>
      );
      break;
    case 'deferred':
      outcome = (
        <Outcome tone="info" icon={<ClockIcon />} title={t('pay.result.deferred')} text={t('pay.result.deferred_text')}>
          <Link to={pathTo('profile.waitingOrders')} className="button button--primary button--block">
            {t('orders.waiting_title')}
          </Link>
          {home}
        </Outcome>
      );
      break;
    case 'waitingForVipps':
    case 'redirecting':
      outcome = (
        <Outcome tone="info" icon={<VippsMark />} title={t('pay.result.checking')} text={t('pay.result.checking_text')}>
          <Spinner label={t('pay.result.checking')} />
          <Link to={pathTo('payment.vipps', { id })} className="button button--secondary button--block">
            {t('pay.banner.vipps_continue')}
          </Link>
        </Outcome>
      );
      break;
    case 'waitingForStaff':
      outcome = (
        <Outcome tone="info" icon={<CardIcon />} title={t('pay.result.at_kiosk')} text={t('pay.banner.at_kiosk_text')}>
          <Link to={pathTo('payment.physical', { id })} className="button button--primary button--block">
            {t('pay.banner.show_reference')}
          </Link>
        </Outcome>
      );
      break;
    default:
      outcome = (
        <Outcome tone="warning" icon={<AlertIcon />} title={t('pay.result.unpaid')} text={t('pay.result.unpaid_text')}>
          {payNow(t('pay.result.pay_now'))}
        </Outcome>
      );
  }

  return (
    <>
      {outcome}
      <Section title={hasReceipt(order) ? t('pay.result.receipt') : t('pay.result.order')}>
        <p className="muted small">
          <OrderHeading order={order} />
        </p>
        <OrderReceipt order={order} />
        <ReceiptActions order={order} />
      </Section>
    </>
  );
}
