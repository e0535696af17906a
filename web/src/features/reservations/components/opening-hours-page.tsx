import type { TDayHours, TOpeningException } from '@club/shared/opening-hours';
import { type TReservationSettings, ZReservationSettings } from '@club/shared/reservations';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, InputField } from '../../../components/fields.tsx';
import { Button } from '../../../components/form.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { useForm } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { WEEKDAY_TEXT } from '../../../lib/weekday-text.ts';
import {
  useOpeningHours,
  useReservationSettings,
  useSaveOpeningHours,
  useSaveReservationSettings,
} from '../api/opening-hours.ts';
import '../../../styles/reservations.css';

const DEFAULT_DAY = { open: '16:00', close: '23:00' };

/** `YYYY-MM-DD` → its place in the week, Monday first (the order of `week`). */
function weekdayOf(date: string): number | null {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return null;
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** A weekday's hours, grouped under its name: seven "Opens" fields otherwise read alike to a screen reader. */
function DayRow({ label, value, onChange }: { label: string; value: TDayHours; onChange: (v: TDayHours) => void }) {
  return (
    <fieldset className="hours-row">
      <legend className="hours-row__day">{label}</legend>
      <HoursFields name={label} value={value} onChange={onChange} />
    </fieldset>
  );
}

/** Closed, or open from–to: a weekday's hours or a date's. */
function HoursFields({ name, value, onChange }: { name: string; value: TDayHours; onChange: (v: TDayHours) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <CheckField
        name={`closed-${name}`}
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
    </>
  );
}

/**
 * A date that differs from its weekday: the date (chosen, never assumed), a note, its hours.
 * Until a date is chosen the row has the weekday's usual hours, so adding a row closes nothing.
 */
function ExceptionRow({
  index,
  value,
  week,
  missingDate,
  onChange,
  onRemove,
}: {
  index: number;
  value: TOpeningException;
  week: TDayHours[];
  missingDate: boolean;
  onChange: (v: TOpeningException) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="exception-row" data-testid="opening-exception">
      <legend className="visually-hidden">{value.date || t('booking.add_exception')}</legend>
      <InputField
        name={`exception-date-${index}`}
        type="date"
        label={t('booking.date')}
        value={value.date}
        error={missingDate ? 'validation.required' : undefined}
        onChange={(date) => {
          // a new date starts from its weekday's usual hours (open, when that day is usually closed)
          const weekday = value.date === '' ? weekdayOf(date) : null;
          onChange({ ...value, date, hours: weekday === null ? value.hours : (week[weekday] ?? DEFAULT_DAY) });
        }}
      />
      <InputField
        name={`exception-note-${index}`}
        label={t('booking.note')}
        required={false}
        value={value.note}
        onChange={(note) => onChange({ ...value, note })}
      />
      <HoursFields
        name={`exception-${index}`}
        value={value.hours}
        onChange={(hours) => onChange({ ...value, hours })}
      />
      <Button variant="ghost" onClick={onRemove}>
        {t('booking.remove')}
      </Button>
    </fieldset>
  );
}

/** `/admin/opening-hours`: the week's hours, the dates that differ, and the booking rules. */
export function OpeningHoursPage() {
  const { t } = useTranslation();
  const status = useOpeningHours();
  const save = useSaveOpeningHours();
  const [week, setWeek] = useState<TDayHours[] | null>(null);
  const [exceptions, setExceptions] = useState<TOpeningException[]>([]);
  const [checked, setChecked] = useState(false);
  const missingDate = (ex: TOpeningException) => checked && ex.date === '';
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
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            setChecked(true);
            if (exceptions.some((ex) => ex.date === '')) {
              const dates = e.currentTarget.querySelectorAll<HTMLInputElement>('input[type="date"]');
              [...dates].find((input) => input.value === '')?.focus();
              return;
            }
            save.mutate({ week, exceptions }, { onSuccess: () => notifySuccess(t('booking.hours_saved')) });
          }}
        >
          <Section title={t('booking.hours_title')}>
            <div className="hours-grid">
              {WEEKDAY_TEXT.map((weekday, i) => (
                <DayRow
                  key={weekday}
                  label={t(weekday)}
                  value={week[i] ?? null}
                  onChange={(v) => setWeek(week.map((d, j) => (j === i ? v : d)))}
                />
              ))}
            </div>
          </Section>
          <Section title={t('booking.exceptions')}>
            <p className="reservation-hint">{t('booking.exceptions_hint')}</p>
            <div className="hours-grid">
              {exceptions.map((ex, i) => (
                <ExceptionRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row keeps its place while its date is typed
                  key={i}
                  index={i}
                  value={ex}
                  week={week}
                  missingDate={missingDate(ex)}
                  onChange={(next) => setExceptions(exceptions.map((e2, j) => (j === i ? next : e2)))}
                  onRemove={() => setExceptions(exceptions.filter((_, j) => j !== i))}
                />
              ))}
            </div>
            <Button
              variant="secondary"
              onClick={() => setExceptions([...exceptions, { date: '', hours: DEFAULT_DAY, note: '' }])}
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
  const settings = useReservationSettings();
  if (!settings.data) return settings.isError ? <ErrorState onRetry={() => void settings.refetch()} /> : <Loading />;
  return <RulesFields saved={settings.data} />;
}

type RuleValues = Record<keyof TReservationSettings, string>;

const ruleValuesOf = (s: TReservationSettings): RuleValues => ({
  grace_minutes: String(s.grace_minutes),
  reminder_minutes: String(s.reminder_minutes),
  max_active_bookings: String(s.max_active_bookings),
  max_hours_ahead: String(s.max_hours_ahead),
});

// an emptied field is missing, not 0 (what `Number('')` made of it) nor the schema's default
const numberOr = (text: string): number | string | null =>
  text.trim() === '' ? null : /^\s*\d+\s*$/.test(text) ? Number(text) : text;

const prepareRules = (v: RuleValues) => ({
  grace_minutes: numberOr(v.grace_minutes),
  reminder_minutes: numberOr(v.reminder_minutes),
  max_active_bookings: numberOr(v.max_active_bookings),
  max_hours_ahead: numberOr(v.max_hours_ahead),
});

function RulesFields({ saved }: { saved: TReservationSettings }) {
  const { t } = useTranslation();
  const save = useSaveReservationSettings();
  const labels: RuleValues = {
    grace_minutes: t('booking.grace'),
    reminder_minutes: t('booking.reminder'),
    max_active_bookings: t('booking.max_active_bookings'),
    max_hours_ahead: t('booking.max_hours_ahead'),
  };
  const form = useForm(ZReservationSettings, ruleValuesOf(saved), {
    prepare: prepareRules,
    label: (name) => labels[name as keyof RuleValues] ?? name,
  });
  const bind = (name: keyof RuleValues) => ({
    name,
    label: labels[name],
    value: form.values[name],
    message: form.errorOf(name),
    onChange: (value: string) => form.set(name, value),
  });
  return (
    <Section title={t('booking.rules')}>
      <form
        ref={form.formRef}
        className="booking-form"
        noValidate
        onSubmit={form.handleSubmit((data) =>
          save.mutate(data, {
            onSuccess: () => notifySuccess(t('booking.rules_saved')),
            onError: form.applyServerError,
          }),
        )}
      >
        <InputField {...bind('grace_minutes')} inputMode="numeric" suffix="min" />
        <InputField {...bind('reminder_minutes')} inputMode="numeric" suffix="min" />
        <p className="reservation-hint booking-form__wide">{t('booking.player_limits_hint')}</p>
        <InputField {...bind('max_active_bookings')} inputMode="numeric" />
        <InputField {...bind('max_hours_ahead')} inputMode="numeric" suffix={t('booking.hours_suffix')} />
        <Button type="submit" busy={save.isPending}>
          {t('booking.save')}
        </Button>
      </form>
    </Section>
  );
}
