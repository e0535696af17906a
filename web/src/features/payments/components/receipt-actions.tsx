import type { TOrderDetail } from '@club/shared/orders';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { hasReceipt } from '../../../lib/order-method.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { useEmailReceipt, useOpenReceipt } from '../api/receipt.ts';

/** A settled order's receipt: open it (to print or save), share it, or have it e-mailed. */
export function ReceiptActions({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation();
  const open = useOpenReceipt();
  const email = useEmailReceipt();
  if (!hasReceipt(order)) return null;
  const text = t('receipt_share.shared_text', {
    reference: order.reference,
    total: formatMoney(order.total, currentLocale()),
  });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="form-actions receipt-actions">
      <Button
        variant="secondary"
        aria-label={t('receipt_share.open_named', { reference: order.reference })}
        busy={open.isPending}
        onClick={() => open.mutate(order.id, { onError: () => notifyError(t('error.receipt_not_found')) })}
      >
        {t('receipt_share.open')}
      </Button>
      {canShare && (
        <Button
          variant="ghost"
          onClick={() => void navigator.share({ title: t('receipt_share.open'), text }).catch(() => undefined)}
        >
          {t('receipt_share.share')}
        </Button>
      )}
      <Button
        variant="ghost"
        busy={email.isPending}
        onClick={() =>
          email.mutate(order.id, { onSuccess: (a) => notifySuccess(t('receipt_share.emailed', { email: a.email })) })
        }
      >
        {t('receipt_share.email')}
      </Button>
    </div>
  );
}
