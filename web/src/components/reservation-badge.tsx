import { addDays, localDate } from '@club/shared/time-zone';
import type { TFunction } from 'i18next';
import { formatClockTime } from '../lib/format.ts';

let deviceZone: string | undefined;
/** The device's own time zone, asked once: a formatter is costly to make, and every table's badge asks at every render. */
const deviceTimeZone = () => (deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * "reservert 19:00" or "reservert i morgen 19:00", for a table's next reservation; null when it is
 * further ahead than tomorrow. Days are the club's calendar days, not a number of hours: just after
 * midnight, tomorrow evening is almost two days of hours away and still tomorrow.
 */
export function reservedText(
  t: (key: string, values?: Record<string, string>) => string,
  reservedFrom: string | null,
  zone?: string,
  now: number = Date.now(),
): string | null {
  if (!reservedFrom) return null;
  // asked only for a reservation: the page's first formatter costs a phone ~20 ms (the
  // time zones' data), and most tables have none
  const timeZone = zone ?? deviceTimeZone();
  const at = new Date(reservedFrom);
  const today = localDate(now, timeZone);
  const day = localDate(at.getTime(), timeZone);
  if (day > addDays(today, 1)) return null;
  const time = formatClockTime(at, timeZone);
  return t(day > today && at.getTime() > now ? 'booking.reserved_tomorrow' : 'booking.reserved_at', { time });
}

/**
 * What a reservation or a repair means for a table, as a small badge on the floor and the TV,
 * in its page's `t` (one per table: no hook of its own).
 */
export function ReservationBadge({
  table,
  t,
  className = '',
  timeZone,
}: {
  table: { out_of_order: boolean; reserved_from: string | null };
  t: TFunction;
  className?: string;
  /** the club's (the TV reads it with the opening hours); else the device's own */
  timeZone?: string | undefined;
}) {
  if (table.out_of_order)
    return <span className={`reservation-badge reservation-badge--out ${className}`}>{t('booking.out_of_order')}</span>;
  const text = reservedText(t, table.reserved_from, timeZone);
  if (!text) return null;
  return <span className={`reservation-badge ${className}`}>{text}</span>;
}
