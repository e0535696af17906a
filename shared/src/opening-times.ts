import type { TDayHours, TOpeningHours, TOpeningStatus } from './opening-hours.ts';
import { addDays, instantOf, localDate } from './time-zone.ts';

/*
 * What opening hours mean at a moment, apart from their schemas (`opening-hours.ts`): a screen
 * that works out open or closed on its own clock (the wall TV) takes these without zod.
 */

export function hoursOn(hours: TOpeningHours, date: string): TDayHours {
  const exception = hours.exceptions.find((e) => e.date === date);
  if (exception) return exception.hours;
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return hours.week[weekday] ?? null;
}

/** The open interval (ms) of the business day that starts on a local date, or null when closed. */
export function openIntervalOn(
  hours: TOpeningHours,
  date: string,
  timeZone: string,
): { from: number; to: number } | null {
  const day = hoursOn(hours, date);
  if (!day) return null;
  const from = instantOf(date, day.open, timeZone);
  const to = instantOf(day.close > day.open ? date : addDays(date, 1), day.close, timeZone);
  return { from, to };
}

/**
 * Whether [from, to) lies inside the opening hours: one opening (today's, or yesterday's
 * running past midnight), or openings that follow on without a gap (a club open round the clock).
 */
export function withinOpeningHours(hours: TOpeningHours, from: number, to: number, timeZone: string): boolean {
  const date = localDate(from, timeZone);
  const openings = [-1, 0, 1]
    .map((days) => openIntervalOn(hours, addDays(date, days), timeZone))
    .filter((o) => o !== null)
    .sort((a, b) => a.from - b.from);
  let covered = from;
  for (const open of openings) if (open.from <= covered && covered < open.to) covered = open.to;
  return covered >= to;
}

export function isOpenAt(hours: TOpeningHours, instant: number, timeZone: string): boolean {
  return withinOpeningHours(hours, instant, instant + 1, timeZone);
}

/**
 * Whether the club is open at an instant, and the hours of that local date: what the kiosk
 * answers with the hours, and what a screen that holds the hours works out on its own clock.
 */
export function openingAt(
  hours: TOpeningHours,
  instant: number,
  timeZone: string,
): Pick<TOpeningStatus, 'open_now' | 'today'> {
  return { open_now: isOpenAt(hours, instant, timeZone), today: hoursOn(hours, localDate(instant, timeZone)) };
}
