import type { TDayHours } from '@club/shared/opening-hours';
import { useTranslation } from 'react-i18next';
import { CheckField, InputField } from '../../../components/fields.tsx';
import { WEEKDAY_TEXT } from '../../../lib/weekday-text.ts';

/** An unstaffed day's default: the evening after the counter closes, through the night. */
const DEFAULT_UNSTAFFED = { open: '22:00', close: '08:00' };

/**
 * When nobody works at the counter, Monday first: each weekday staffed, or unstaffed from–to
 * (a "to" at or before its "from" runs past midnight; 00:00–00:00 is the whole day).
 */
export function UnstaffedWeek({ week, onChange }: { week: TDayHours[]; onChange: (week: TDayHours[]) => void }) {
  const { t } = useTranslation();
  const setDay = (i: number, day: TDayHours) => onChange(week.map((d, j) => (j === i ? day : d)));
  return (
    <fieldset className="unstaffed-week">
      <legend className="field__label">{t('devices.access.unstaffed')}</legend>
      <p className="field__hint">{t('devices.access.unstaffed_hint')}</p>
      <div className="hours-grid">
        {week.map((day, i) => {
          const weekday = t(WEEKDAY_TEXT[i] ?? 'booking.weekday_0');
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the weekday is the place
            <fieldset key={i} className="hours-row unstaffed-day" data-testid={`unstaffed-day-${i}`}>
              <legend className="unstaffed-day__name">{weekday}</legend>
              <CheckField
                name={`unstaffed-${i}`}
                label={t('devices.access.unstaffed_day')}
                checked={day !== null}
                onChange={(on) => setDay(i, on ? DEFAULT_UNSTAFFED : null)}
              />
              {day && (
                <>
                  <InputField
                    name={`unstaffed-${i}-from`}
                    type="time"
                    label={t('devices.access.unstaffed_from')}
                    value={day.open}
                    onChange={(open) => setDay(i, { ...day, open })}
                  />
                  <InputField
                    name={`unstaffed-${i}-to`}
                    type="time"
                    label={t('devices.access.unstaffed_to')}
                    value={day.close}
                    onChange={(close) => setDay(i, { ...day, close })}
                  />
                </>
              )}
            </fieldset>
          );
        })}
      </div>
      <p className="field__hint">{t('devices.access.unstaffed_night')}</p>
    </fieldset>
  );
}
