/**
 * Calendar arithmetic in the club's time zone, the one place for it: reports speak in the
 * club's days and hours, opening hours in its wall clock, and the cash register signs its
 * local date and time. `Intl` knows the zones and their summer time; nothing else is needed.
 */

// building a formatter costs far more than using one: one per zone, kept
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of a time zone at an instant. */
export function wallClock(instant: number, timeZone: string) {
  const fields = formatterOf(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(fields.find((f) => f.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The local date (YYYY-MM-DD) at an instant. */
export function localDate(instant: number, timeZone: string): string {
  const p = wallClock(instant, timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** The local date (YYYY-MM-DD) and time (HH:MM:SS) at an instant. */
export function localDateTime(instant: number, timeZone: string): { date: string; time: string } {
  const p = wallClock(instant, timeZone);
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}:${two(p.second)}` };
}

export function localHour(instant: number, timeZone: string): number {
  return wallClock(instant, timeZone).hour;
}

/** The local weekday (0 = Sunday) and hour at an instant. */
export function localWeekdayHour(instant: number, timeZone: string): { weekday: number; hour: number } {
  const p = wallClock(instant, timeZone);
  return { weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay(), hour: p.hour };
}

/** The instant a local date's wall-clock time (HH:MM) happens. */
export function instantOf(date: string, time: string, timeZone: string): number {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const offset = (at: number) => {
    const p = wallClock(at, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
  };
  const first = guess - offset(guess);
  return guess - offset(first);
}

/** The instant a local day (YYYY-MM-DD) begins. */
export function startOfDay(date: string, timeZone: string): number {
  return instantOf(date, '00:00', timeZone);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function nextDay(date: string): string {
  return addDays(date, 1);
}

/** The start of the next local hour after `instant`. */
export function nextHour(instant: number, timeZone: string): number {
  const p = wallClock(instant, timeZone);
  return instant + ((60 - p.minute) * 60 - p.second) * 1000 - (instant % 1000);
}
