import type { TSubscriptionProduct } from '@club/shared/shop';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../../components/icons.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { AddButton } from './add-button.tsx';

/** Prepaid hours for sale: how many, the price, and what an hour then costs. */
export function SubscriptionOffer({
  subscription,
  inCart,
  onAdded,
}: {
  subscription: TSubscriptionProduct;
  inCart: number;
  onAdded: (name: string) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const nameId = useId();
  const perHour = subscription.duration > 0 ? Math.round(subscription.price / subscription.duration) : 0;

  return (
    <article className="offer card" aria-labelledby={nameId} data-testid={`offer-${subscription.id}`}>
      <div className="offer__hours" aria-hidden="true">
        <ClockIcon />
        <span className="offer__count">{subscription.duration}</span>
        <span className="offer__unit">{t('store.shop.hours_unit')}</span>
      </div>
      <div className="offer__body">
        <h3 id={nameId} className="offer__name">
          {subscription.name}
        </h3>
        <p className="muted small">
          {t('store.shop.hours', { count: subscription.duration })} ·{' '}
          {t('store.shop.per_hour', { price: formatMoney(perHour, locale) })}
        </p>
        <p className="offer__price money">{formatMoney(subscription.price, locale)}</p>
        {inCart > 0 && <p className="offer__in-cart small">{t('store.shop.in_cart', { count: inCart })}</p>}
      </div>
      <AddButton
        item={{ subscription_id: subscription.id }}
        name={subscription.name}
        onAdded={onAdded}
        className="offer__add"
        describedBy={nameId}
      />
    </article>
  );
}
