import type { TOrderDetail } from '@club/shared/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { startCard } from '../api/pay-order.ts';
import { Banner } from './flow-parts.tsx';

/** Stripe takes 3 kr at least. */
const CARD_MIN = 300;

/** Off to the card provider's page for the order; `starting` until the browser leaves. */
function useStartCard(orderId: number) {
  const [starting, setStarting] = useState(false);
  async function start() {
    setStarting(true);
    try {
      const { redirect_url } = await startCard(orderId);
      window.location.assign(redirect_url);
    } catch {
      // the API client has shown the error
      setStarting(false);
    }
  }
  return { starting, start };
}

/**
 * Back from the card provider's page without paying (`?card=cancelled`, its cancel address):
 * the payer is told nothing was charged, and can try the card again at once.
 */
export function CardCancelledBanner({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const { starting, start } = useStartCard(order.id);
  return (
    <Banner
      tone="warning"
      icon={<CardIcon />}
      title={t('pay.banner.card_cancelled')}
      actions={
        <button
          type="button"
          className="button button--primary button--small"
          disabled={starting}
          onClick={() => void start()}
        >
          {starting ? <Spinner /> : null}
          {t('pay.banner.card_again')}
        </button>
      }
    >
      {t('pay.banner.card_cancelled_text')}
    </Banner>
  );
}

/** Paying online by card: the payer goes to the card provider's page and comes back to the receipt. */
export function CardMethod({ order, disabled }: { order: TOrderDetail; disabled: boolean }) {
  const { t } = useTranslation();
  const { starting, start } = useStartCard(order.id);
  const tooSmall = order.total < CARD_MIN;

  if (tooSmall)
    return (
      <div className="menu__item pay-method pay-method--off" aria-disabled="true">
        <span className="menu__icon">
          <CardIcon />
        </span>
        <span className="menu__text">
          <span className="menu__label">{t('pay.overview.card')}</span>
          <span className="menu__hint">
            {t('pay.overview.card_minimum', { amount: formatMoney(CARD_MIN, currentLocale()) })}
          </span>
        </span>
      </div>
    );
  return (
    <button
      type="button"
      className="menu__item pay-method"
      data-method="card"
      disabled={disabled || starting}
      onClick={() => void start()}
    >
      <span className="menu__icon">{starting ? <Spinner /> : <CardIcon />}</span>
      <span className="menu__text">
        <span className="menu__label">{t('pay.overview.card')}</span>
        <span className="menu__hint">{t('pay.overview.card_hint')}</span>
      </span>
      <ChevronRightIcon />
    </button>
  );
}
