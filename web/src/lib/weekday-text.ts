import type { TextKey } from './text-keys.ts';

/** The week's days in the order the club's week holds their hours, Monday first. */
export const WEEKDAY_TEXT = [
  'booking.weekday_0',
  'booking.weekday_1',
  'booking.weekday_2',
  'booking.weekday_3',
  'booking.weekday_4',
  'booking.weekday_5',
  'booking.weekday_6',
] as const satisfies readonly TextKey[];
