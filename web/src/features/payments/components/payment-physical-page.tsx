import type { TOrderDetail } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { AlertIcon, CardIcon, CheckIcon } from '../../../components/icons.tsx';
import { Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { type PaymentFlowActor, usePaymentFlow } from '../lib/use-payment-flow.ts';
import { Banner, MethodFrame, OrderGoneBanner, useFlowState, useFlowTag, VippsOpenBanner } from './flow-parts.tsx';

/**
 * `/payment/physical/{id}`: the order reference, large, to show at the counter. The screen
 * asks the server every few seconds and turns to paid by itself when staff approve.
 */
export function PaymentPhysicalPage() {
  const { t } = useTranslation();
  return <MethodFrame title={t('pay.physical.title')}>{(order) => <PhysicalBody order={order} />}</MethodFrame>;
}

function PhysicalBody({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const actor = usePaymentFlow(order.id);
  const state = useFlowState(actor);
  const id = order.id;

  if (state === 'loading') return <Loading />;
  if (state === 'paid') {
    return (
      <div className="card pay-done" aria-live="polite">
        <div className="pay-done__icon">
          <CheckIcon />
        </div>
        <p className="pay-done__title">{t('pay.physical.paid')}</p>
        <p className="pay-reference pay-reference--done">{order.reference}</p>
        <p className="muted">{t('pay.physical.paid_text', { amount: formatMoney(order.total, currentLocale()) })}</p>
        <div className="pay-done__actions">
          <Link to={pathTo('payment.result', { id })} className="button button--primary button--block">
            {t('pay.banner.see_receipt')}
          </Link>
          <Link to={pathTo('home')} className="button button--secondary button--block">
            {t('pay.result.home')}
          </Link>
        </div>
      </div>
    );
  }
  if (state === 'waitingForStaff') {
    return (
      <div className="card pay-kiosk">
        <p className="pay-kiosk__lead">{t('pay.physical.show_this')}</p>
        <p className="pay-reference">{order.reference}</p>
        <p className="pay-kiosk__amount">{formatMoney(order.total, currentLocale())}</p>
        <div className="pay-kiosk__status" aria-live="polite">
          <span className="pay-dot" aria-hidden="true" />
          {t('pay.physical.waiting')}
        </div>
        <p className="muted small">{t('pay.physical.waiting_text')}</p>
        <Link to={pathTo('payment.overview', { id })} className="link small">
          {t('pay.physical.other_way')}
        </Link>
      </div>
    );
  }
  if (state === 'waitingForVipps') return <VippsOpenBanner orderId={id} />;
  if (state === 'canceled' || state === 'transferred') return <OrderGoneBanner state={state} />;
  if (state === 'loadFailed') {
    return (
      <Banner tone="danger" icon={<AlertIcon />} title={t('common.load_failed')}>
        <Button variant="secondary" onClick={() => actor.send({ type: 'REFRESH' })}>
          {t('common.retry')}
        </Button>
      </Banner>
    );
  }
  return <ChooseKiosk actor={actor} order={order} />;
}

/** Came here without choosing the kiosk yet (a link, a bookmark): ask first. */
function ChooseKiosk({ actor, order }: { actor: PaymentFlowActor; order: TOrderDetail }) {
  const { t } = useTranslation();
  const busy = useFlowTag(actor, 'busy');
  return (
    <div className="card pay-kiosk">
      <div className="pay-done__icon">
        <CardIcon />
      </div>
      <p className="pay-done__title">{t('pay.physical.confirm_title')}</p>
      <p className="muted">{t('pay.physical.confirm_text', { amount: formatMoney(order.total, currentLocale()) })}</p>
      <Button className="button--block" busy={busy} onClick={() => actor.send({ type: 'CHOOSE_PHYSICAL' })}>
        {t('pay.physical.confirm')}
      </Button>
      <Link to={pathTo('payment.overview', { id: order.id })} className="link small">
        {t('pay.physical.other_way')}
      </Link>
    </div>
  );
}
