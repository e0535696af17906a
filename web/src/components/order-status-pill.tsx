import type { TOrderStatus } from '@club/shared/orders';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../lib/text-keys.ts';

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

/** An order status's word, for every status of @club/shared's list. */
export const ORDER_STATUS_TEXT = {
  waiting: 'pay.status.waiting',
  paid: 'pay.status.paid',
  canceled: 'pay.status.canceled',
  deleted: 'pay.status.deleted',
  pay_later: 'pay.status.pay_later',
  transferred: 'pay.status.transferred',
  approved: 'pay.status.approved',
  refunded: 'pay.status.refunded',
} as const satisfies Record<TOrderStatus, TextKey>;

/** An order's status as a coloured word, the same on every screen that lists orders. */
export function OrderStatusPill({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation();
  return <span className={PILL[status]}>{t(ORDER_STATUS_TEXT[status])}</span>;
}
