import { formatMoney } from '@club/shared/money';
import { wallClock } from '@club/shared/time-zone';
import type { TLocale } from '@club/shared/users';

const INTL: Record<TLocale, string> = { nb: 'nb-NO', en: 'en-GB' };

/** A day (medium style), in the device's zone or `timeZone`'s (the club's, for a booking's day). */
export function formatDate(iso: string, locale: TLocale, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium', timeZone }).format(date);
}

/**
 * Dates and times the one way the app writes them: `Intl` with nb-NO (en-GB), medium dates, in
 * the device's zone or `timeZone`'s (the club's, for what happened at the club: a receipt's time).
 */
export function formatDateTime(iso: string, locale: TLocale, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/**
 * A time of day as both languages write it short, `09:05` (24-hour clock, the device's time
 * or `timeZone`'s). The device's needs no Intl: a formatter's first construction loads the
 * locale's data, tens of milliseconds on a slow phone or a TV box, on the way to the first paint.
 */
export function formatClockTime(date: Date, timeZone?: string): string {
  const two = (n: number) => String(n).padStart(2, '0');
  if (timeZone) {
    // a screen on the club's wall speaks the club's time, whatever zone its box was set to
    const { hour, minute } = wallClock(date.getTime(), timeZone);
    return `${two(hour)}:${two(minute)}`;
  }
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Minutes as whole hours and minutes: `{ hours: 2, minutes: 5 }`. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const safe = Math.max(0, Math.floor(total));
  return { hours: Math.floor(safe / 60), minutes: safe % 60 };
}

export { formatMoney };

/** Øre as kroner for typing: `2,50` (nb) or `2.50` (en), without a currency sign. */
export function kronerText(ore: number, locale: string): string {
  const text = (ore / 100).toFixed(2);
  return locale === 'nb' ? text.replace('.', ',') : text;
}

/** The units a duration is written with: an hour is `t` (time) in bokmål, `h` in English. */
const DURATION_UNITS: Record<TLocale, { hours: string; minutes: string }> = {
  nb: { hours: 't', minutes: 'min' },
  en: { hours: 'h', minutes: 'min' },
};

/** A number of hours already written as a number (`12,5`), with the hour's unit: `12,5 t`, `12.5 h`. */
export function withHourUnit(amount: string, locale: TLocale): string {
  return `${amount}\u00a0${DURATION_UNITS[locale].hours}`;
}

/**
 * Whole minutes as a duration, `18 min` or `1 t 05 min` (`1 h 05 min`): never `18:23`, which
 * reads as a time of day next to the clock times on the same screens.
 */
export function formatMinutes(total: number, locale: TLocale): string {
  const { hours, minutes } = splitMinutes(total);
  const unit = DURATION_UNITS[locale];
  if (hours === 0) return `${minutes}\u00a0${unit.minutes}`;
  return `${hours}\u00a0${unit.hours} ${String(minutes).padStart(2, '0')}\u00a0${unit.minutes}`;
}

/** A time played or elapsed, from milliseconds (never negative), in whole minutes: see `formatMinutes`. */
export function formatDuration(ms: number, locale: TLocale): string {
  return formatMinutes(Math.floor(Math.max(0, ms) / 60_000), locale);
}

/** The time of day of an ISO instant (`14:05`), with the (medium) date when it is not today. */
export function formatClock(iso: string, locale: TLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(
    INTL[locale],
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
}
