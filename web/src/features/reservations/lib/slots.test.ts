import { DEFAULT_OPENING_HOURS, type TOpeningHours } from '@club/shared/opening-hours';
import { describe, expect, it } from 'vitest';
import { firstBookableDay } from './slots.ts';

const OSLO = 'Europe/Oslo';
/** Friday 27 November 2026 at a local time in Oslo (UTC+1 in winter). */
const friday = (hhmm: string) => Date.parse(`2026-11-27T${hhmm}:00+01:00`);

describe('the day the booking form opens on', () => {
  it('is today while the club is open tonight with time left for a booking', () => {
    // Friday opens 10:00–01:00: at 18:30 an hour still fits tonight; at 23:59 an hour and a half does not
    expect(firstBookableDay(DEFAULT_OPENING_HOURS, OSLO, 60, friday('18:30'))).toBe('2026-11-27');
  });

  it('is the next open day once tonight has no room left', () => {
    expect(firstBookableDay(DEFAULT_OPENING_HOURS, OSLO, 90, friday('23:59'))).toBe('2026-11-28');
    const closedSaturday: TOpeningHours = {
      ...DEFAULT_OPENING_HOURS,
      exceptions: [{ date: '2026-11-28', hours: null, note: '' }],
    };
    expect(firstBookableDay(closedSaturday, OSLO, 90, friday('23:59'))).toBe('2026-11-29');
  });
});
