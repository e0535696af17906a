import { formatMoney } from '@club/shared/money';
import { wallClock } from '@club/shared/time-zone';
import type { TLocale } from '@club/shared/users';

const INTL: Record<TLocale, string> = { nb: 'nb-NO', en: 'en-GB' };

export function formatDate(iso: string, locale: TLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium' }).format(date);
}

/** Dates and times the one way the app writes them: `Intl` with nb-NO (en-GB), medium dates. */
export function formatDateTime(iso: string, locale: TLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
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

/** `4:05` or `1:04:05`: a time played or elapsed, from milliseconds (never negative). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
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

/** Minutes as `h:mm` (`95` → `1:35`). */
export function formatHoursMinutes(total: number): string {
  const safe = Math.max(0, Math.round(total));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}
