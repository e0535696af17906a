import { addDays, instantOf, localDate } from './time-zone.ts';
import { zNote } from './validation.ts';
import { z } from './zod.ts';

/**
 * The club's opening hours (DESIGN §13): a week of hours, and dates that differ (holidays
 * closed, special hours). A close at or before its open runs past midnight (18:00–02:00).
 * Times are the club's local wall-clock times.
 */
const zClock = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.invalid' });

export const ZDayHours = z
  .object({ open: zClock(), close: zClock() })
  .nullable()
  .meta({ id: 'DayHours', description: 'null: closed that day' });
export type TDayHours = z.infer<typeof ZDayHours>;

export const ZOpeningException = z.object({
  date: z.iso.date({ message: 'validation.invalid' }),
  /** null: closed all day */
  hours: ZDayHours,
  note: zNote(100),
});
export type TOpeningException = z.infer<typeof ZOpeningException>;

export const ZOpeningHours = z
  .object({
    /** Monday first, seven entries */
    week: z.array(ZDayHours).length(7),
    exceptions: z
      .array(ZOpeningException)
      .max(366)
      .refine((list) => new Set(list.map((e) => e.date)).size === list.length, { message: 'validation.taken' }),
  })
  .meta({ id: 'OpeningHours' });
export type TOpeningHours = z.infer<typeof ZOpeningHours>;
export type TOpeningHoursInput = z.input<typeof ZOpeningHours>;

const evening = { open: '10:00', close: '23:00' };
export const DEFAULT_OPENING_HOURS: TOpeningHours = {
  week: [
    evening,
    evening,
    evening,
    evening,
    { open: '10:00', close: '01:00' },
    { open: '12:00', close: '01:00' },
    { open: '12:00', close: '22:00' },
  ],
  exceptions: [],
};

/** What the wall TV and the booking page read (public): the hours, and whether the club is open now. */
export const ZOpeningStatus = z
  .object({
    hours: ZOpeningHours,
    time_zone: z.string(),
    open_now: z.boolean(),
    /** today's hours in the club's local date, null when closed today */
    today: ZDayHours,
  })
  .meta({ id: 'OpeningStatus' });
export type TOpeningStatus = z.infer<typeof ZOpeningStatus>;

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
