import type { TOrder } from '@club/shared/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { formatClock, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { orderOwner } from '../../../lib/order-owner.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useCancelCounterSale, useOpenCounterSales } from '../api/counter-api.ts';

/**
 * Counter sales still waiting for payment, as the server holds them: a reload (or another
 * tablet) finds each again, to take payment or to cancel it and put its items back.
 */
export function OpenSales({ onPay }: { onPay: (orderId: number) => void }) {
  const { t } = useTranslation();
  const open = useOpenCounterSales();
  const cancel = useCancelCounterSale();
  const cancelOnce = useRunOnce(cancel);
  const [cancelling, setCancelling] = useState<TOrder | null>(null);
  const locale = currentLocale();

  if (open.isError) return <ErrorState onRetry={() => void open.refetch()} />;
  // nothing waiting (or not known yet): the counter shows only what it is doing
  if (!open.data?.length) return null;
  return (
    <Section title={t('counter.sell.open_title')}>
      <p className="muted small">{t('counter.sell.open_hint')}</p>
      <ul className="counter-open" data-testid="open-sales">
        {open.data.map((order) => (
          <li key={order.id} className="card counter-open__row">
            <div>
              <p className="list-card__title">
                {order.reference} · {orderOwner(t, order)}
              </p>
              <p className="muted small">
                {order.items.map((i) => `${i.quantity} × ${i.description}`).join(', ')} ·{' '}
                {formatClock(order.date, locale)}
              </p>
            </div>
            <strong className="money">{formatMoney(order.total, locale)}</strong>
            <div className="counter-actions">
              <Button
                variant="secondary"
                className="button--small"
                aria-label={t('counter.sell.open_cancel_named', { reference: order.reference })}
                onClick={() => setCancelling(order)}
              >
                {t('counter.sell.open_cancel')}
              </Button>
              <Button
                className="button--small"
                aria-label={t('counter.sell.open_pay_named', { reference: order.reference })}
                onClick={() => onPay(order.id)}
              >
                {t('counter.sell.open_pay')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('counter.sell.open_cancel_confirm', { reference: cancelling?.reference ?? '' })}
        confirmLabel={t('counter.sell.open_cancel')}
        cancelLabel={t('counter.sell.open_keep')}
        busy={cancel.isPending}
        onConfirm={() => {
          if (!cancelling) return;
          const reference = cancelling.reference;
          cancelOnce(
            { order_id: cancelling.id },
            {
              onSuccess: () => notifySuccess(t('counter.sell.open_cancelled', { reference })),
              onSettled: () => setCancelling(null),
            },
          );
        }}
        onCancel={() => setCancelling(null)}
      >
        {t('counter.sell.open_cancel_text', { amount: formatMoney(cancelling?.total ?? 0, locale) })}
      </ConfirmDialog>
    </Section>
  );
}
