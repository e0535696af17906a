import { describe, expect, it } from 'vitest';
import type { TOpeningHours } from './opening-hours.ts';
import { hoursOn, isOpenAt, openingAt, withinOpeningHours } from './opening-times.ts';

const OSLO = 'Europe/Oslo';
const evening = { open: '16:00', close: '23:00' };
const late = { open: '18:00', close: '02:00' };
const hours: TOpeningHours = {
  // Monday … Sunday
  week: [evening, evening, evening, evening, late, late, null],
  exceptions: [
    { date: '2026-12-24', hours: null, note: 'Julaften' },
    { date: '2026-12-27', hours: { open: '12:00', close: '18:00' }, note: '' },
  ],
};
const at = (iso: string) => Date.parse(iso);

describe('opening hours', () => {
  it('tell on any clock whether the club is open, with the local date’s hours', () => {
    // Friday 01:30 in Oslo: Thursday closed at 23:00, and the day's hours are Friday's
    expect(openingAt(hours, at('2026-11-27T00:30:00Z'), OSLO)).toEqual({ open_now: false, today: late });
    // Saturday 01:30 Oslo is Friday's opening running past midnight; Saturday's own hours are shown
    expect(openingAt(hours, at('2026-11-28T00:30:00Z'), OSLO)).toEqual({ open_now: true, today: late });
    expect(openingAt(hours, at('2026-11-29T12:00:00Z'), OSLO)).toEqual({ open_now: false, today: null });
  });

  it('read the weekday, and an exception before it', () => {
    expect(hoursOn(hours, '2026-11-23')).toEqual(evening); // a Monday
    expect(hoursOn(hours, '2026-11-29')).toBeNull(); // a Sunday
    expect(hoursOn(hours, '2026-12-24')).toBeNull(); // a Thursday, closed for Christmas Eve
    expect(hoursOn(hours, '2026-12-27')).toMatchObject({ open: '12:00' }); // a Sunday, open on this one
  });

  it('take a booking only inside one opening, in the club’s local time', () => {
    // Monday 17:00–18:00 Oslo is 16:00–17:00 UTC in winter
    expect(withinOpeningHours(hours, at('2026-11-23T16:00:00Z'), at('2026-11-23T17:00:00Z'), OSLO)).toBe(true);
    expect(withinOpeningHours(hours, at('2026-11-23T21:30:00Z'), at('2026-11-23T22:30:00Z'), OSLO)).toBe(false);
    expect(withinOpeningHours(hours, at('2026-12-24T17:00:00Z'), at('2026-12-24T18:00:00Z'), OSLO)).toBe(false);
    expect(withinOpeningHours(hours, at('2026-12-27T11:00:00Z'), at('2026-12-27T12:00:00Z'), OSLO)).toBe(true);
  });

  it('run past midnight when the close is before the open', () => {
    // Friday 18:00–02:00: Saturday 00:30 Oslo is still Friday's opening
    expect(isOpenAt(hours, at('2026-11-27T23:30:00Z'), OSLO)).toBe(true);
    expect(isOpenAt(hours, at('2026-11-28T01:30:00Z'), OSLO)).toBe(false);
    expect(withinOpeningHours(hours, at('2026-11-27T22:00:00Z'), at('2026-11-28T01:00:00Z'), OSLO)).toBe(true);
  });

  it('join openings that follow on without a gap', () => {
    const always = { week: Array(7).fill({ open: '00:00', close: '00:00' }), exceptions: [] };
    expect(withinOpeningHours(always, at('2026-11-23T22:30:00Z'), at('2026-11-23T23:30:00Z'), OSLO)).toBe(true);
  });
});
