import type { TOrderDetail } from '@club/shared/orders';
import { pathTo } from '@club/shared/routes';
import { normalisePhone } from '@club/shared/validation';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button, TextField } from '../../../components/form.tsx';
import { AlertIcon, ClockIcon } from '../../../components/icons.tsx';
import { Loading, Spinner } from '../../../components/states.tsx';
import { useUser } from '../../../lib/auth.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { cancelVipps } from '../api/pay-order.ts';
import { type PaymentFlowActor, usePaymentFlow } from '../lib/use-payment-flow.ts';
import { Banner, MethodFrame, TotalBox, useFlowState, useFlowTag, VippsMark } from './flow-parts.tsx';

/** `/payment/vipps/{id}`: the phone number, then waiting for the approval in Vipps. */
export function PaymentVippsPage() {
  const { t } = useTranslation();
  return (
    <MethodFrame title={t('pay.vipps.title')} subtitle={t('pay.vipps.subtitle')}>
      {(order) => <VippsBody order={order} />}
    </MethodFrame>
  );
}

function VippsBody({ order }: { order: TOrderDetail }) {
  const actor = usePaymentFlow(order.id);
  const state = useFlowState(actor);
  const navigate = useNavigate();
  const done = useFlowTag(actor, 'done');

  useEffect(() => {
    if (done) navigate(pathTo('payment.result', { id: order.id }), { replace: true });
  }, [done, navigate, order.id]);

  if (state === 'loading' || done) return <Loading />;
  if (state === 'loadFailed') return <Retry actor={actor} />;
  if (state === 'waitingForVipps') return <Waiting actor={actor} order={order} />;
  if (state === 'startingVipps' || state === 'redirecting') return <Opening actor={actor} />;
  return <PhoneForm actor={actor} order={order} />;
}

function Retry({ actor }: { actor: PaymentFlowActor }) {
  const { t } = useTranslation();
  return (
    <Banner tone="danger" icon={<AlertIcon />} title={t('common.load_failed')}>
      <Button variant="secondary" onClick={() => actor.send({ type: 'REFRESH' })}>
        {t('common.retry')}
      </Button>
    </Banner>
  );
}

function PhoneForm({ actor, order }: { actor: PaymentFlowActor; order: TOrderDetail }) {
  const { t } = useTranslation();
  const user = useUser();
  const state = useFlowState(actor);
  const [phone, setPhone] = useState(user.phone);
  const [error, setError] = useState<string | undefined>();
  const tooSmall = order.total < 100;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normal = normalisePhone(phone);
    if (!normal) {
      setError(t('validation.phone'));
      return;
    }
    setError(undefined);
    actor.send({ type: 'START_VIPPS', phone: normal });
  };

  return (
    <>
      {state === 'failed' && (
        <Banner tone="danger" icon={<AlertIcon />} title={t('pay.banner.failed')}>
          {t('pay.vipps.failed_text')}
        </Banner>
      )}
      {state === 'expired' && (
        <Banner tone="warning" icon={<ClockIcon />} title={t('pay.banner.expired')}>
          {t('pay.vipps.expired_text')}
        </Banner>
      )}
      <TotalBox order={order} />
      {tooSmall ? (
        <Banner icon={<AlertIcon />} title={t('pay.vipps.too_small')}>
          <Link to={pathTo('payment.overview', { id: order.id })} className="link">
            {t('pay.vipps.other_ways')}
          </Link>
        </Banner>
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          <TextField
            name="phone"
            label={t('pay.vipps.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={setPhone}
            error={error}
            hint={t('pay.vipps.phone_hint')}
          />
          <button type="submit" className="button button--block pay-vipps-button">
            <VippsMark />
            {state === 'failed' || state === 'expired'
              ? t('pay.vipps.try_again')
              : t('pay.vipps.submit', { amount: formatMoney(order.total, currentLocale()) })}
          </button>
          <p className="form__note center">
            <Link to={pathTo('payment.overview', { id: order.id })} className="link">
              {t('pay.vipps.other_ways')}
            </Link>
          </p>
        </form>
      )}
    </>
  );
}

function Opening({ actor }: { actor: PaymentFlowActor }) {
  const { t } = useTranslation();
  const url = useSelector(actor, (s) => s.context.redirectUrl);
  return (
    <div className="card pay-wait" aria-live="polite">
      <Spinner label={t('pay.vipps.opening')} />
      <p className="pay-wait__title">{t('pay.vipps.opening')}</p>
      {url && (
        <a href={url} className="link">
          {t('pay.vipps.open_manually')}
        </a>
      )}
    </div>
  );
}

function Waiting({ actor, order }: { actor: PaymentFlowActor; order: TOrderDetail }) {
  const { t } = useTranslation();
  const url = useSelector(actor, (s) => s.context.redirectUrl);
  const [stopping, setStopping] = useState(false);
  const stop = async () => {
    setStopping(true);
    // nothing open any more (approved or expired meanwhile) is fine: the flow's status read says what happened
    await cancelVipps(order.id).catch(() => {});
    actor.send({ type: 'CHANGE_METHOD' });
  };
  return (
    <div className="card pay-wait">
      <VippsMark large />
      <div className="pay-wait__pulse" aria-hidden="true" />
      <p className="pay-wait__title" aria-live="polite">
        {t('pay.vipps.waiting')}
      </p>
      <p className="pay-wait__amount">{formatMoney(order.total, currentLocale())}</p>
      <p className="muted">{t('pay.vipps.waiting_text')}</p>
      <div className="pay-wait__actions">
        {url && (
          <a href={url} className="button button--primary button--block pay-vipps-button">
            {t('pay.vipps.open')}
          </a>
        )}
        <Button variant="secondary" className="button--block" busy={stopping} onClick={() => void stop()}>
          {t('pay.vipps.cancel')}
        </Button>
      </div>
      <p className="muted small">{t('pay.vipps.expiry_note')}</p>
    </div>
  );
}
