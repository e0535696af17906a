import type { TReservation } from '@club/shared/reservations';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { clockIn } from '../lib/slots.ts';
import { RESERVATION_STATUS_TEXT } from '../lib/status-text.ts';

const INTL = { nb: 'nb-NO', en: 'en-GB' } as const;

/** One reservation as its holder sees it: table, day and time, length, party and state. */
export function ReservationCard({
  reservation,
  timeZone,
  action,
}: {
  reservation: TReservation;
  timeZone: string;
  action?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const from = clockIn(reservation.starts_at, timeZone, INTL[locale]);
  const to = clockIn(reservation.ends_at, timeZone, INTL[locale]);
  const live = reservation.status === 'booked' || reservation.status === 'claimed';
  return (
    <li
      className={`card reservation-card${live ? '' : ' reservation-card--past'}`}
      data-testid={`reservation-${reservation.id}`}
    >
      <div className="reservation-card__main">
        <p className="reservation-card__table">{reservation.table_name}</p>
        <p className="reservation-card__when">
          {formatDate(reservation.starts_at, locale, timeZone)} · {from}–{to}
        </p>
        <p className="reservation-card__meta">
          {t('booking.people', { count: reservation.party_size })} ·{' '}
          {t('booking.minutes', { count: reservation.minutes })}
        </p>
      </div>
      <div className="reservation-card__side">
        <span className={`pill reservation-card__status reservation-card__status--${reservation.status}`}>
          {t(RESERVATION_STATUS_TEXT[reservation.status])}
        </span>
        {action}
      </div>
    </li>
  );
}
