import { useTranslation } from 'react-i18next';
import { currentLocale } from '../lib/i18n.ts';

/** A reservation further ahead than this (today and tomorrow) is no news on the floor. */
const SHOW_WITHIN_MS = 36 * 60 * 60 * 1000;
const INTL = { nb: 'nb-NO', en: 'en-GB' } as const;

/** "reservert 19:00" or "i morgen", for a table's next reservation; null when none is near. */
export function reservedText(
  t: (key: string, values?: Record<string, string>) => string,
  reservedFrom: string | null,
  timeZone?: string,
  now: number = Date.now(),
): string | null {
  if (!reservedFrom) return null;
  const at = new Date(reservedFrom);
  if (at.getTime() - now > SHOW_WITHIN_MS) return null;
  const zone = timeZone ? { timeZone } : {};
  const time = new Intl.DateTimeFormat(INTL[currentLocale()], { hour: '2-digit', minute: '2-digit', ...zone }).format(
    at,
  );
  const day = new Intl.DateTimeFormat('en-CA', zone);
  const today = day.format(new Date(now)) === day.format(at);
  return t(today || at.getTime() < now ? 'booking.reserved_at' : 'booking.reserved_tomorrow', { time });
}

/** What a reservation or a repair means for a table, as a small badge on the floor and the TV. */
export function ReservationBadge({
  table,
  className = '',
  timeZone,
}: {
  table: { out_of_order: boolean; reserved_from: string | null };
  className?: string;
  /** the club's (the TV reads it with the opening hours); else the device's own */
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation();
  if (table.out_of_order)
    return <span className={`reservation-badge reservation-badge--out ${className}`}>{t('booking.out_of_order')}</span>;
  const text = reservedText(t, table.reserved_from, timeZone);
  if (!text) return null;
  return <span className={`reservation-badge ${className}`}>{text}</span>;
}
