import { describe, expect, it } from 'vitest';
import {
  instantOf,
  localDate,
  localDateTime,
  localHour,
  localWeekdayHour,
  nextDay,
  nextHour,
  startOfDay,
} from './time-zone.ts';

const OSLO = 'Europe/Oslo';

describe('calendar arithmetic in the club’s time zone', () => {
  it('starts a day at local midnight, winter and summer time', () => {
    expect(new Date(startOfDay('2026-01-15', OSLO)).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(startOfDay('2026-07-15', OSLO)).toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('finds wall-clock times on the days the clocks change', () => {
    // 29 March 2026: 02:00 becomes 03:00; 25 October 2026: 03:00 becomes 02:00
    expect(new Date(instantOf('2026-03-29', '12:00', OSLO)).toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(new Date(instantOf('2026-10-25', '12:00', OSLO)).toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(nextDay('2026-03-29')).toBe('2026-03-30');
  });

  it('reads the local date, time and hour of an instant', () => {
    const at = Date.parse('2026-11-25T23:30:05Z');
    expect(localDate(at, OSLO)).toBe('2026-11-26');
    expect(localDateTime(at, OSLO)).toEqual({ date: '2026-11-26', time: '00:30:05' });
    expect(localHour(at, OSLO)).toBe(0);
    expect(new Date(nextHour(at, OSLO)).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });

  it('reads the local weekday with the hour, past midnight in the zone while still the day before in UTC', () => {
    const at = Date.parse('2026-11-25T23:30:05Z'); // a Wednesday in UTC, Thursday 00:30 in Oslo
    expect(localWeekdayHour(at, OSLO)).toEqual({ weekday: 4, hour: 0 });
    expect(localWeekdayHour(at, 'UTC')).toEqual({ weekday: 3, hour: 23 });
  });
});
