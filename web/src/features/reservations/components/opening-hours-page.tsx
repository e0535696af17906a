import type { TDayHours, TOpeningException } from '@club/shared/opening-hours';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { notifySuccess } from '../../../lib/toast.ts';
import {
  useOpeningHours,
  useReservationSettings,
  useSaveOpeningHours,
  useSaveReservationSettings,
} from '../api/opening-hours.ts';
import '../../../styles/reservations.css';

const DEFAULT_DAY = { open: '16:00', close: '23:00' };

function DayRow({ label, value, onChange }: { label: string; value: TDayHours; onChange: (v: TDayHours) => void }) {
  const { t } = useTranslation();
  return (
    <div className="hours-row">
      <strong>{label}</strong>
      <CheckField
        name={`closed-${label}`}
        label={t('booking.closed')}
        checked={value === null}
        onChange={(closed) => onChange(closed ? null : DEFAULT_DAY)}
      />
      {value && (
        <>
          <InputField
            name="open"
            type="time"
            label={t('booking.open')}
            value={value.open}
            onChange={(open) => onChange({ ...value, open })}
          />
          <InputField
            name="close"
            type="time"
            label={t('booking.close')}
            value={value.close}
            onChange={(close) => onChange({ ...value, close })}
          />
        </>
      )}
    </div>
  );
}

/** `/admin/opening-hours`: the week's hours, the dates that differ, and the booking rules. */
export function OpeningHoursPage() {
  const { t } = useTranslation();
  const status = useOpeningHours();
  const save = useSaveOpeningHours();
  const [week, setWeek] = useState<TDayHours[] | null>(null);
  const [exceptions, setExceptions] = useState<TOpeningException[]>([]);
  useEffect(() => {
    if (status.data && week === null) {
      setWeek(status.data.hours.week);
      setExceptions(status.data.hours.exceptions);
    }
  }, [status.data, week]);

  return (
    <Page title={t('booking.hours_title')}>
      {status.isPending || week === null ? (
        status.isError ? (
          <ErrorState onRetry={() => void status.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ week, exceptions }, { onSuccess: () => notifySuccess(t('booking.hours_saved')) });
          }}
        >
          <Section title={t('booking.hours_title')}>
            <div className="hours-grid">
              {week.map((day, i) => (
                <DayRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: the weekday is the place
                  key={i}
                  label={t(`booking.weekday_${i}`)}
                  value={day}
                  onChange={(v) => setWeek(week.map((d, j) => (j === i ? v : d)))}
                />
              ))}
            </div>
          </Section>
          <Section title={t('booking.exceptions')}>
            <p className="reservation-hint">{t('booking.exceptions_hint')}</p>
            <div className="hours-grid">
              {exceptions.map((ex, i) => (
                <div key={ex.date || i} className="hours-row">
                  <InputField
                    name="date"
                    type="date"
                    label={t('booking.date')}
                    value={ex.date}
                    onChange={(date) => setExceptions(exceptions.map((e2, j) => (j === i ? { ...e2, date } : e2)))}
                  />
                  <DayRow
                    label={ex.note || ex.date}
                    value={ex.hours}
                    onChange={(hours) => setExceptions(exceptions.map((e2, j) => (j === i ? { ...e2, hours } : e2)))}
                  />
                  <Button variant="ghost" onClick={() => setExceptions(exceptions.filter((_, j) => j !== i))}>
                    {t('booking.remove')}
                  </Button>
                </div>
              ))}
            </div>
            <Button
              variant="secondary"
              onClick={() =>
                setExceptions([...exceptions, { date: new Date().toISOString().slice(0, 10), hours: null, note: '' }])
              }
            >
              {t('booking.add_exception')}
            </Button>
          </Section>
          <Button type="submit" busy={save.isPending}>
            {t('booking.save')}
          </Button>
        </form>
      )}
      <RulesForm />
    </Page>
  );
}

function RulesForm() {
  const { t } = useTranslation();
  const settings = useReservationSettings();
  const save = useSaveReservationSettings();
  const [grace, setGrace] = useState<string | null>(null);
  const [reminder, setReminder] = useState<string | null>(null);
  const [bookings, setBookings] = useState<string | null>(null);
  const [hours, setHours] = useState<string | null>(null);
  if (!settings.data) return settings.isError ? <ErrorState onRetry={() => void settings.refetch()} /> : <Loading />;
  const g = grace ?? String(settings.data.grace_minutes);
  const r = reminder ?? String(settings.data.reminder_minutes);
  const b = bookings ?? String(settings.data.max_active_bookings);
  const h = hours ?? String(settings.data.max_hours_ahead);
  return (
    <Section title={t('booking.rules')}>
      <form
        className="booking-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            {
              grace_minutes: Number(g),
              reminder_minutes: Number(r),
              max_active_bookings: Number(b),
              max_hours_ahead: Number(h),
            },
            { onSuccess: () => notifySuccess(t('booking.rules_saved')) },
          );
        }}
      >
        <InputField
          name="grace_minutes"
          label={t('booking.grace')}
          inputMode="numeric"
          suffix="min"
          value={g}
          onChange={setGrace}
        />
        <InputField
          name="reminder_minutes"
          label={t('booking.reminder')}
          inputMode="numeric"
          suffix="min"
          value={r}
          onChange={setReminder}
        />
        <p className="reservation-hint booking-form__wide">{t('booking.player_limits_hint')}</p>
        <InputField
          name="max_active_bookings"
          label={t('booking.max_active_bookings')}
          inputMode="numeric"
          value={b}
          onChange={setBookings}
        />
        <InputField
          name="max_hours_ahead"
          label={t('booking.max_hours_ahead')}
          inputMode="numeric"
          suffix={t('booking.hours_suffix')}
          value={h}
          onChange={setHours}
        />
        <Button type="submit" busy={save.isPending}>
          {t('booking.save')}
        </Button>
      </form>
    </Section>
  );
}
