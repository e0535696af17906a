import { openIntervalOn } from '@club/shared/opening-times';
import type { TReservation } from '@club/shared/reservations';
import { addDays, instantOf } from '@club/shared/time-zone';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InputField, SelectField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useCancelReservation, useMoveReservation } from '../api/change-reservation.ts';
import { useCreateReservation } from '../api/create-reservation.ts';
import { useDayReservations } from '../api/get-day-reservations.ts';
import { useBookingTables } from '../api/get-tables.ts';
import { useOpeningHours } from '../api/opening-hours.ts';
import { clockIn, startSlots, todayIn } from '../lib/slots.ts';
import { type Move, Timeline } from './timeline.tsx';
import '../../../styles/reservations.css';

const INTL = { nb: 'nb-NO', en: 'en-GB' } as const;
const LIVE = new Set(['booked', 'claimed']);

/** `/admin/reservations`: the day per table; staff book for callers, block events, move and cancel. */
export function AdminReservationsPage() {
  const { t } = useTranslation();
  const hours = useOpeningHours();
  const zone = hours.data?.time_zone ?? 'Europe/Oslo';
  const [date, setDate] = useState(() => todayIn(zone, Date.now()));
  const day = useDayReservations(date);
  const tables = useBookingTables();
  const move = useMoveReservation();
  const cancel = useCancelReservation();
  const [open, setOpen] = useState<TReservation | null>(null);
  const locale = currentLocale();

  const opening = hours.data ? openIntervalOn(hours.data.hours, date, zone) : null;
  const from = opening ? Math.min(opening.from, instantOf(date, '10:00', zone)) : instantOf(date, '10:00', zone);
  const to = opening ? Math.max(opening.to, from + 8 * 3_600_000) : instantOf(addDays(date, 1), '00:00', zone);
  // one move at a time: a second, sent from the first's old place, moved the booking twice
  // (the timeline drawn again for another day no longer knows of the first)
  const onMove = ({ reservation, tableId, startsAt }: Move): Promise<unknown> =>
    move.isPending
      ? Promise.resolve()
      : move
          .mutateAsync({
            id: reservation.id,
            table_id: tableId,
            starts_at: new Date(startsAt).toISOString(),
            minutes: reservation.minutes,
          })
          // a refusal the API client has shown already; the timeline puts the booking back
          .then(
            () => notifySuccess(t('booking.moved_toast')),
            () => undefined,
          );

  return (
    <Page title={t('booking.admin_title')} wide>
      <div className="timeline-toolbar">
        <Button variant="secondary" onClick={() => setDate(addDays(date, -1))}>
          {t('booking.prev_day')}
        </Button>
        <InputField name="date" type="date" label={t('booking.date')} value={date} onChange={(v) => v && setDate(v)} />
        <Button variant="secondary" onClick={() => setDate(todayIn(zone, Date.now()))}>
          {t('booking.today')}
        </Button>
        <Button variant="secondary" onClick={() => setDate(addDays(date, 1))}>
          {t('booking.next_day')}
        </Button>
      </div>
      <Section title={t('booking.timeline')}>
        <p className="reservation-hint">{t('booking.move_hint')}</p>
        {day.isPending || tables.isPending || hours.isPending ? (
          <Loading />
        ) : day.isError || tables.isError || hours.isError ? (
          <ErrorState onRetry={() => void day.refetch()} />
        ) : tables.data.length === 0 ? (
          <EmptyState title={t('booking.no_tables')} />
        ) : (
          <>
            <Timeline
              tables={tables.data}
              reservations={day.data.filter((r) => LIVE.has(r.status))}
              from={from}
              to={to}
              timeZone={zone}
              onMove={onMove}
              onOpen={setOpen}
            />
            {day.data.filter((r) => LIVE.has(r.status)).length === 0 && (
              <p className="reservation-hint" role="status">
                {t('booking.empty_day')}
              </p>
            )}
          </>
        )}
      </Section>
      {hours.data && tables.data && <CreateForm date={date} status={hours.data} tables={tables.data} />}
      <ConfirmDialog
        open={open !== null}
        title={open ? `${open.table_name} · ${clockIn(open.starts_at, zone, INTL[locale])}` : ''}
        confirmLabel={t('booking.cancel')}
        cancelLabel={t('booking.cancel_keep')}
        busy={cancel.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() =>
          open &&
          cancel.mutate(open.id, {
            onSuccess: () => {
              setOpen(null);
              notifySuccess(t('booking.canceled_toast'));
            },
          })
        }
      >
        {open && (
          <p>
            {open.name} · {t('booking.people', { count: open.party_size })} ·{' '}
            {t('booking.minutes', { count: open.minutes })}
            {open.note ? ` · ${open.note}` : ''}
          </p>
        )}
      </ConfirmDialog>
    </Page>
  );
}

function CreateForm({
  date,
  status,
  tables,
}: {
  date: string;
  status: NonNullable<ReturnType<typeof useOpeningHours>['data']>;
  tables: NonNullable<ReturnType<typeof useBookingTables>['data']>;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const create = useCreateReservation();
  const [kind, setKind] = useState<'booking' | 'block'>('booking');
  const [name, setName] = useState('');
  const [tableId, setTableId] = useState(String(tables[0]?.id ?? ''));
  const [minutes, setMinutes] = useState(120);
  const [chosenParty, setParty] = useState(2);
  // never more players than the chosen table seats: the kiosk would refuse the booking
  const seats = tables.find((tb) => String(tb.id) === tableId)?.capacity ?? 1;
  const party = Math.min(chosenParty, seats);
  const [note, setNote] = useState('');
  const slots = startSlots(status.hours, date, status.time_zone, minutes, Date.now());
  const [start, setStart] = useState('');
  const chosen = slots.includes(Number(start)) ? Number(start) : slots[0];
  const submit = () => {
    if (chosen === undefined || !name.trim()) return;
    create.mutate(
      {
        table_id: Number(tableId),
        starts_at: new Date(chosen).toISOString(),
        minutes,
        party_size: kind === 'block' ? 1 : party,
        name: name.trim(),
        kind,
        note,
      },
      {
        onSuccess: () => {
          setName('');
          setNote('');
          notifySuccess(t('booking.created_toast'));
        },
      },
    );
  };
  return (
    <Section title={kind === 'booking' ? t('booking.new_for_caller') : t('booking.block_event')}>
      <form
        className="booking-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SelectField
          name="kind"
          label={t('booking.kind')}
          value={kind}
          onChange={(v) => setKind(v === 'block' ? 'block' : 'booking')}
          options={[
            { value: 'booking', label: t('booking.new_for_caller') },
            { value: 'block', label: t('booking.block_event') },
          ]}
        />
        <InputField
          name="name"
          label={kind === 'booking' ? t('booking.caller_name') : t('booking.event_name')}
          value={name}
          onChange={setName}
        />
        <SelectField
          name="table_id"
          label={t('booking.table')}
          value={tableId}
          onChange={setTableId}
          options={tables.map((tb) => ({ value: String(tb.id), label: tb.name }))}
        />
        <SelectField
          name="minutes"
          label={t('booking.length')}
          value={String(minutes)}
          onChange={(v) => setMinutes(Number(v))}
          options={[30, 60, 90, 120, 180, 240, 360, 480].map((m) => ({
            value: String(m),
            label: t('booking.minutes', { count: m }),
          }))}
        />
        {slots.length > 0 ? (
          <SelectField
            name="time"
            label={t('booking.time')}
            value={String(chosen)}
            onChange={setStart}
            options={slots.map((s) => ({ value: String(s), label: clockIn(s, status.time_zone, INTL[locale]) }))}
          />
        ) : (
          <p className="booking-form__none">{t('booking.no_times')}</p>
        )}
        {kind === 'booking' && (
          <SelectField
            name="party_size"
            label={t('booking.party')}
            value={String(party)}
            onChange={(v) => setParty(Number(v))}
            options={Array.from({ length: seats }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          />
        )}
        <InputField name="note" label={t('booking.note')} value={note} onChange={setNote} required={false} />
        <Button type="submit" busy={create.isPending} disabled={chosen === undefined || !name.trim()}>
          {t('booking.save')}
        </Button>
      </form>
    </Section>
  );
}
