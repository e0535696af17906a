import type { TOrderStatus } from '@club/shared/orders';
import { useTranslation } from 'react-i18next';

const PILL: Record<TOrderStatus, string> = {
  waiting: 'pill pill--paused',
  pay_later: 'pill pill--paused',
  paid: 'pill pill--active',
  approved: 'pill pill--active',
  canceled: 'pill pill--deleted',
  deleted: 'pill pill--deleted',
  transferred: 'pill pill--deleted',
  refunded: 'pill pill--deleted',
};

/** An order's status as a coloured word, the same on every screen that lists orders. */
export function OrderStatusPill({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation();
  return <span className={PILL[status]}>{t(`pay.status.${status}`)}</span>;
}
