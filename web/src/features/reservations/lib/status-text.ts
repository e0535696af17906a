import type { TReservation } from '@club/shared/reservations';
import type { TextKey } from '../../../lib/text-keys.ts';

/** A booking's status in words, for every status of @club/shared's list. */
export const RESERVATION_STATUS_TEXT = {
  booked: 'booking.status_booked',
  claimed: 'booking.status_claimed',
  canceled: 'booking.status_canceled',
  no_show: 'booking.status_no_show',
  ended: 'booking.status_ended',
} as const satisfies Record<TReservation['status'], TextKey>;
