import type { TOrderDetail } from '@club/shared/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { startCard } from '../api/pay-order.ts';

/** Stripe takes 3 kr at least. */
const CARD_MIN = 300;

/** Paying online by card: the payer goes to the card provider's page and comes back to the receipt. */
export function CardMethod({ order, disabled }: { order: TOrderDetail; disabled: boolean }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const tooSmall = order.total < CARD_MIN;

  async function start() {
    setStarting(true);
    try {
      const { redirect_url } = await startCard(order.id);
      window.location.assign(redirect_url);
    } catch {
      // the API client has shown the error
      setStarting(false);
    }
  }

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
