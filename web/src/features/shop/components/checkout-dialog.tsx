import type { TCart } from '@club/shared/shop';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/**
 * Before checkout: every line and the amount that will be charged (a native modal: Escape
 * cancels, focus returns to the checkout button).
 */
export function CheckoutDialog({
  open,
  cart,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  cart: TCart;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const hasHours = cart.items.some((i) => i.subscription_id !== null);

  return (
    <Modal open={open} title={t('store.cart.confirm_title')} className="checkout-dialog" onClose={onCancel}>
      <p className="dialog__lead">{t('store.cart.confirm_text', { amount: formatMoney(cart.total, locale) })}</p>
      <ul className="checkout-lines">
        {cart.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.count} × {item.name}
            </span>
            <span className="money">{formatMoney(item.total, locale)}</span>
          </li>
        ))}
        <li className="checkout-lines__total">
          <span>{t('store.cart.total')}</span>
          <span className="money" data-testid="checkout-total">
            {formatMoney(cart.total, locale)}
          </span>
        </li>
      </ul>
      <p className="muted small">{t('store.cart.reserve_note')}</p>
      {hasHours && <p className="muted small">{t('store.cart.hours_note')}</p>}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} busy={busy}>
          {t('store.cart.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
