import { MAX_RESERVATION_MINUTES } from '@club/shared/reservations';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InputField, SelectField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useCancelReservation } from '../api/change-reservation.ts';
import { useCreateReservation } from '../api/create-reservation.ts';
import { useMyReservations } from '../api/get-my-reservations.ts';
import { useBookingTables } from '../api/get-tables.ts';
import { useOpeningHours, useReservationSettings } from '../api/opening-hours.ts';
import { clockIn, firstBookableDay, startSlots } from '../lib/slots.ts';
import { ReservationCard } from './reservation-card.tsx';
import '../../../styles/reservations.css';

const INTL = { nb: 'nb-NO', en: 'en-GB' } as const;
const LENGTHS = [30, 60, 90, 120, 180, 240].filter((m) => m <= MAX_RESERVATION_MINUTES);

/** `/reservations`: a player books a table (or any that fits) and sees and cancels their bookings. */
export function ReservationsPage() {
  const { t } = useTranslation();
  const hours = useOpeningHours();
  const settings = useReservationSettings();
  return (
    <Page title={t('booking.title')}>
      {hours.isPending ? (
        <Loading />
      ) : hours.isError ? (
        <ErrorState onRetry={() => void hours.refetch()} />
      ) : (
        <>
          <BookingForm status={hours.data} />
          {/* the club's own grace period, or none: a guessed one could promise a player minutes they do not have */}
          {settings.data && (
            <p className="reservation-hint">{t('booking.hold_hint', { grace: String(settings.data.grace_minutes) })}</p>
          )}
          <MyReservations timeZone={hours.data.time_zone} />
        </>
      )}
    </Page>
  );
}

function BookingForm({ status }: { status: NonNullable<ReturnType<typeof useOpeningHours>['data']> }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const zone = status.time_zone;
  const tables = useBookingTables();
  const create = useCreateReservation();
  const [minutes, setMinutes] = useState(60);
  const [date, setDate] = useState(() => firstBookableDay(status.hours, zone, minutes, Date.now()));
  const [party, setParty] = useState(2);
  const [tableId, setTableId] = useState('any');
  const slots = useMemo(
    () => startSlots(status.hours, date, zone, minutes, Date.now()),
    [status.hours, date, zone, minutes],
  );
  const [start, setStart] = useState<string>('');
  const chosen = slots.includes(Number(start))
    ? Number(start)
    : (slots.find((s) => clockIn(s, zone, 'en-GB') >= '19:00') ?? slots[0]);
  const fitting = (tables.data ?? []).filter((tb) => tb.active && !tb.out_of_order && tb.capacity >= party);
  // a party no table seats cannot book: offered up to the largest table (8 while the tables load)
  const largest = Math.max(
    1,
    ...(tables.data ?? [{ active: true, out_of_order: false, capacity: 8 }])
      .filter((tb) => tb.active && !tb.out_of_order)
      .map((tb) => tb.capacity),
  );

  // a table picked for a smaller party no longer shows once the party outgrows it: what is
  // booked is what the form shows, any table that fits
  const table = fitting.some((tb) => String(tb.id) === tableId) ? tableId : 'any';

  const submit = () => {
    if (chosen === undefined) return;
    create.mutate(
      {
        table_id: table === 'any' ? null : Number(table),
        starts_at: new Date(chosen).toISOString(),
        minutes,
        party_size: party,
      },
      {
        onSuccess: (r) =>
          notifySuccess(
            t('booking.booked_toast', { table: r.table_name, time: clockIn(r.starts_at, zone, INTL[locale]) }),
          ),
      },
    );
  };

  return (
    <Section title={t('booking.book_title')}>
      <form
        className="booking-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <InputField name="date" type="date" label={t('booking.date')} value={date} onChange={setDate} />
        <SelectField
          name="minutes"
          label={t('booking.length')}
          value={String(minutes)}
          onChange={(v) => setMinutes(Number(v))}
          options={LENGTHS.map((m) => ({ value: String(m), label: t('booking.minutes', { count: m }) }))}
        />
        {slots.length === 0 ? (
          <p className="booking-form__none" role="status">
            {t(startSlots(status.hours, date, zone, 30, 0).length ? 'booking.no_times' : 'booking.closed_day')}
          </p>
        ) : (
          <SelectField
            name="time"
            label={t('booking.time')}
            value={String(chosen)}
            onChange={setStart}
            options={slots.map((s) => ({ value: String(s), label: clockIn(s, zone, INTL[locale]) }))}
          />
        )}
        <SelectField
          name="party_size"
          label={t('booking.party')}
          value={String(party)}
          onChange={(v) => setParty(Number(v))}
          options={Array.from({ length: largest }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
        />
        <SelectField
          name="table_id"
          label={t('booking.table')}
          value={table}
          onChange={setTableId}
          options={[
            { value: 'any', label: t('booking.any_table') },
            ...fitting.map((tb) => ({
              value: String(tb.id),
              label: `${tb.name} · ${t('booking.seats', { count: tb.capacity })}`,
            })),
          ]}
        />
        <Button type="submit" busy={create.isPending} disabled={chosen === undefined}>
          {t('booking.book')}
        </Button>
      </form>
    </Section>
  );
}

function MyReservations({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const mine = useMyReservations();
  const cancel = useCancelReservation();
  const [asking, setAsking] = useState<{ id: number; table: string; time: string } | null>(null);
  return (
    <Section title={t('booking.mine')}>
      {mine.isPending ? (
        <Loading />
      ) : mine.isError ? (
        <ErrorState onRetry={() => void mine.refetch()} />
      ) : mine.data.length === 0 ? (
        <EmptyState title={t('booking.none')} text={t('booking.none_hint')} />
      ) : (
        <ul className="reservation-list">
          {mine.data.map((r) => (
            <ReservationCard
              key={r.id}
              reservation={r}
              timeZone={timeZone}
              action={
                r.status === 'booked' && Date.parse(r.starts_at) > Date.now() ? (
                  <Button
                    variant="secondary"
                    className="button--small"
                    onClick={() =>
                      setAsking({ id: r.id, table: r.table_name, time: clockIn(r.starts_at, timeZone, INTL[locale]) })
                    }
                  >
                    {t('booking.cancel')}
                  </Button>
                ) : undefined
              }
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('booking.cancel')}
        confirmLabel={t('booking.cancel')}
        cancelLabel={t('booking.cancel_keep')}
        busy={cancel.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          cancel.mutate(asking.id, {
            onSuccess: () => {
              setAsking(null);
              notifySuccess(t('booking.canceled_toast'));
            },
          })
        }
      >
        {asking && <p>{t('booking.cancel_confirm', { table: asking.table, time: asking.time })}</p>}
      </ConfirmDialog>
    </Section>
  );
}
