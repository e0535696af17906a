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
