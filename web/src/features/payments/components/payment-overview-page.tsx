import type { TOrderDetail } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePaymentMethods } from '../../../api/get-payment-methods.ts';
import { Button } from '../../../components/form.tsx';
import { AlertIcon, CardIcon, CheckIcon, ChevronRightIcon, ClockIcon, UsersIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { OrderStatusPill } from '../../../components/order-status-pill.tsx';
import { Section } from '../../../components/page.tsx';
import { Loading, Spinner } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { coveredBySubscription, paymentMethodName, prepaidMinutes } from '../../../lib/order-method.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCancelOrder } from '../api/pay-order.ts';
import { useCancelTransfer } from '../api/transfer-order.ts';
import { type PaymentFlowActor, useOrderIdParam, usePaymentFlow } from '../lib/use-payment-flow.ts';
import { CardCancelledBanner, CardMethod } from './card-method.tsx';
import {
  Banner,
  OrderFrame,
  OrderGoneBanner,
  TotalBox,
  useFlowState,
  useFlowTag,
  VippsMark,
  VippsOpenBanner,
} from './flow-parts.tsx';
import { OrderHeading, OrderReceipt } from './order-receipt.tsx';
import { TransferPanel } from './transfer-panel.tsx';

/** Vipps takes 1 kr at least. */
const VIPPS_MIN = 100;

/** `/payment/overview/{id}`: what the order costs and how to pay it (or its receipt once paid). */
export function PaymentOverviewPage() {
  const id = useOrderIdParam();
  return <Overview key={id} orderId={id} />;
}

function Overview({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  return (
    <OrderFrame
      orderId={orderId}
      title={t('pay.overview.title')}
      back={{ to: pathTo('profile.waitingOrders'), label: t('orders.waiting_title') }}
    >
      {(order) => <OverviewBody order={order} />}
    </OrderFrame>
  );
}

function OverviewBody({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const actor = usePaymentFlow(order.id);
  const state = useFlowState(actor);
  const navigate = useNavigate();
  const intent = useSelector(actor, (s) => s.context.intent);
  // the card provider's cancel address brings the payer back here with `?card=cancelled`
  const [params] = useSearchParams();
  const cardCancelled = params.get('card') === 'cancelled';

  // after the person's own choice, the screen for it
  useEffect(() => {
    if (intent === 'physical' && state === 'waitingForStaff') navigate(pathTo('payment.physical', { id: order.id }));
    if (intent === 'later' && state === 'deferred') navigate(pathTo('payment.result', { id: order.id }));
    if (intent === 'transfer' && state === 'transferred') navigate(pathTo('payment.result', { id: order.id }));
  }, [intent, state, navigate, order.id]);

  return (
    <>
      <div className="pay-head">
        <OrderHeading order={order} />
        <OrderStatusPill status={order.status} />
      </div>
      {order.pending_transfer ? (
        <PendingTransferBanner order={order} />
      ) : cardCancelled && order.status === 'waiting' && state === 'choosing' ? (
        <CardCancelledBanner order={order} />
      ) : (
        <StateBanner actor={actor} order={order} />
      )}
      <Section title={t('pay.overview.items')}>
        <OrderReceipt order={order} />
      </Section>
      {state === 'loading' ? <Loading /> : <Methods actor={actor} order={order} />}
      <CancelShopOrder actor={actor} order={order} />
    </>
  );
}

/** The owner asked someone to take the order over: who, that it is still theirs, and a way to take it back. */
function PendingTransferBanner({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const takeBack = useCancelTransfer();
  const pending = order.pending_transfer;
  if (!pending) return null;
  return (
    <Banner
      icon={<UsersIcon />}
      title={t('transfer.pending_title', { name: pending.name })}
      actions={
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={takeBack.isPending}
          onClick={() => takeBack.mutate(order.id, { onSuccess: () => notifySuccess(t('transfer.taken_back')) })}
        >
          {t('transfer.take_back')}
        </button>
      }
    >
      {t('transfer.pending_text')}
    </Banner>
  );
}

function StateBanner({ actor, order }: { actor: PaymentFlowActor; order: TOrderDetail }) {
  const { t } = useTranslation();
  const state = useFlowState(actor);
  const id = order.id;
  switch (state) {
    case 'paid':
      return (
        <Banner
          tone="success"
          icon={<CheckIcon />}
          title={t('pay.banner.paid')}
          actions={
            <Link to={pathTo('payment.result', { id })} className="button button--secondary button--small">
              {t('pay.banner.see_receipt')}
            </Link>
          }
        >
          {coveredBySubscription(order)
            ? t('pay.covered.banner', { count: prepaidMinutes(order) })
            : order.method && t('pay.banner.paid_with', { method: paymentMethodName(t, order.method) })}
        </Banner>
      );
    case 'canceled':
    case 'transferred':
      return <OrderGoneBanner state={state} />;
    case 'waitingForVipps':
      return <VippsOpenBanner orderId={id} />;
    case 'waitingForStaff':
      return (
        <Banner
          icon={<CardIcon />}
          title={t('pay.banner.at_kiosk', { reference: order.reference })}
          actions={
            <Link to={pathTo('payment.physical', { id })} className="button button--primary button--small">
              {t('pay.banner.show_reference')}
            </Link>
          }
        >
          {t('pay.banner.at_kiosk_text')}
        </Banner>
      );
    case 'failed':
      return (
        <Banner tone="danger" icon={<AlertIcon />} title={t('pay.banner.failed')}>
          {t('pay.banner.failed_text')}
        </Banner>
      );
    case 'expired':
      return (
        <Banner tone="warning" icon={<ClockIcon />} title={t('pay.banner.expired')}>
          {t('pay.banner.expired_text')}
        </Banner>
      );
    case 'deferred':
      return (
        <Banner icon={<ClockIcon />} title={t('pay.banner.deferred')}>
          {t('pay.banner.deferred_text')}
        </Banner>
      );
    default:
      return null;
  }
}

function MethodIcon({ children }: { children: ReactNode }) {
  return <span className="menu__icon">{children}</span>;
}

function Methods({ actor, order }: { actor: PaymentFlowActor; order: TOrderDetail }) {
  const { t } = useTranslation();
  const canChoose = useFlowTag(actor, 'canChoose');
  const busy = useFlowTag(actor, 'busy');
  const atKiosk = useFlowTag(actor, 'physical');
  const deferring = useFlowTag(actor, 'later');
  const state = useFlowState(actor);
  const [transferring, setTransferring] = useState(false);
  const offered = usePaymentMethods().data ?? { vipps: true, card: true, physical: true };
  if (!canChoose && !busy) return null;
  const vippsTooSmall = order.total < VIPPS_MIN;
  const mayPayLater = order.can_pay_later && order.status === 'waiting';

  return (
    <>
      <TotalBox order={order} />
      <Section title={state === 'waitingForStaff' ? t('pay.overview.other_ways') : t('pay.overview.methods')}>
        <ul className="menu pay-methods" aria-busy={busy || undefined}>
          <li hidden={!offered.vipps}>
            {vippsTooSmall ? (
              <div className="menu__item pay-method pay-method--off" aria-disabled="true">
                <VippsMark />
                <span className="menu__text">
                  <span className="menu__label">{t('app.vipps')}</span>
                  <span className="menu__hint">
                    {t('pay.overview.vipps_minimum', { amount: formatMoney(VIPPS_MIN, currentLocale()) })}
                  </span>
                </span>
              </div>
            ) : (
              <Link to={pathTo('payment.vipps', { id: order.id })} className="menu__item pay-method">
                <VippsMark />
                <span className="menu__text">
                  <span className="menu__label">{t('app.vipps')}</span>
                  <span className="menu__hint">{t('pay.overview.vipps_hint')}</span>
                </span>
                <ChevronRightIcon />
              </Link>
            )}
          </li>
          {offered.card && (
            <li>
              <CardMethod order={order} disabled={busy} />
            </li>
          )}
          {state !== 'waitingForStaff' && offered.physical && (
            <li>
              <button
                type="button"
                className="menu__item pay-method"
                disabled={busy}
                onClick={() => actor.send({ type: 'CHOOSE_PHYSICAL' })}
              >
                <MethodIcon>{atKiosk && busy ? <Spinner /> : <CardIcon />}</MethodIcon>
                <span className="menu__text">
                  <span className="menu__label">{t('pay.overview.kiosk')}</span>
                  <span className="menu__hint">{t('pay.overview.kiosk_hint')}</span>
                </span>
                <ChevronRightIcon />
              </button>
            </li>
          )}
          {mayPayLater && (
            <li>
              <button
                type="button"
                className="menu__item pay-method"
                disabled={busy}
                onClick={() => actor.send({ type: 'PAY_LATER' })}
              >
                <MethodIcon>{deferring ? <Spinner /> : <ClockIcon />}</MethodIcon>
                <span className="menu__text">
                  <span className="menu__label">{t('pay.overview.later')}</span>
                  <span className="menu__hint">{t('pay.overview.later_hint')}</span>
                </span>
                <ChevronRightIcon />
              </button>
            </li>
          )}
          {!order.pending_transfer && (
            <li>
              <button
                type="button"
                className="menu__item pay-method"
                disabled={busy}
                aria-expanded={transferring}
                onClick={() => setTransferring((open) => !open)}
              >
                <MethodIcon>
                  <UsersIcon />
                </MethodIcon>
                <span className="menu__text">
                  <span className="menu__label">{t('pay.overview.transfer')}</span>
                  <span className="menu__hint">{t('pay.overview.transfer_hint')}</span>
                </span>
                <ChevronRightIcon />
              </button>
            </li>
          )}
        </ul>
        {transferring && !order.pending_transfer && <TransferPanel order={order} actor={actor} />}
      </Section>
    </>
  );
}

/**
 * A shop order its owner no longer wants (ordered by mistake, changed their mind at the
 * counter) is cancelled here, after a confirmation: it would otherwise stay unpaid on their
 * start page and hold its items out of stock. Table time is owed and cannot be cancelled.
 */
function CancelShopOrder({ actor, order }: { actor: PaymentFlowActor; order: TOrderDetail }) {
  const { t } = useTranslation();
  const canChoose = useFlowTag(actor, 'canChoose');
  const busy = useFlowTag(actor, 'busy');
  const cancel = useCancelOrder();
  const runCancel = useRunOnce(cancel);
  const [asking, setAsking] = useState(false);
  const close = () => setAsking(false);
  if (order.kind !== 'shop' || order.status !== 'waiting' || order.pending_transfer || !canChoose || busy) return null;
  return (
    <>
      <Button variant="ghost" className="button--block" onClick={() => setAsking(true)}>
        {t('pay.overview.cancel')}
      </Button>
      {/* a dialog of its own: "Avbryt" beside "Avbryt bestillingen" would not say which keeps it */}
      <Modal open={asking} title={t('pay.overview.cancel_title', { reference: order.reference })} onClose={close}>
        <div className="dialog__body">
          <p>{t('pay.overview.cancel_text', { amount: formatMoney(order.total, currentLocale()) })}</p>
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={close} autoFocus>
            {t('pay.overview.cancel_keep')}
          </Button>
          <Button
            variant="danger"
            busy={cancel.isPending}
            onClick={() =>
              runCancel(order.id, {
                onSuccess: () => {
                  close();
                  notifySuccess(t('pay.overview.canceled_toast', { reference: order.reference }));
                },
                onError: close,
              })
            }
          >
            {t('pay.overview.cancel_confirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
