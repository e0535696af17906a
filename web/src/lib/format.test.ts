import { describe, expect, it } from 'vitest';
import { formatClock, formatClockTime, formatDateTime, formatDuration, formatMinutes } from './format.ts';

describe('formatClockTime', () => {
  it('writes a time of day as both languages’ short time does', () => {
    for (const [hours, minutes] of [
      [0, 0],
      [9, 5],
      [12, 30],
      [23, 59],
    ] as const) {
      const date = new Date(2026, 0, 15, hours, minutes);
      for (const locale of ['nb-NO', 'en-GB'])
        expect(formatClockTime(date)).toBe(new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date));
    }
  });

  it('writes the club’s time when given its zone, whatever the device’s', () => {
    expect(formatClockTime(new Date('2026-11-26T23:33:00Z'), 'Europe/Oslo')).toBe('00:33');
    expect(formatClockTime(new Date('2026-07-01T08:05:00Z'), 'Europe/Oslo')).toBe('10:05');
  });
});

describe('formatDuration', () => {
  const spaces = (s: string) => s.replace(/\u00a0/g, ' ');
  it('writes a duration as one: minutes, and hours when there are any, never like a clock', () => {
    expect(spaces(formatDuration(0, 'nb'))).toBe('0 min');
    expect(spaces(formatDuration(18 * 60_000 + 23_000, 'nb'))).toBe('18 min');
    expect(spaces(formatDuration(65 * 60_000 + 59_000, 'nb'))).toBe('1 t 05 min');
    expect(spaces(formatDuration(65 * 60_000, 'en'))).toBe('1 h 05 min');
    expect(spaces(formatMinutes(600, 'en'))).toBe('10 h 00 min');
    for (const ms of [0, 59_000, 1_103_000, 3_725_000, 36_000_000])
      for (const locale of ['nb', 'en'] as const) expect(formatDuration(ms, locale)).not.toMatch(/\d:\d\d/);
  });
});

describe('formatClock', () => {
  it('writes a past day the way every other date is written (Intl, medium), a time today short', () => {
    const past = '2026-03-05T13:05:00.000Z';
    expect(formatClock(past, 'nb')).toBe(formatDateTime(past, 'nb'));
    const now = new Date();
    now.setHours(14, 5, 0, 0);
    expect(formatClock(now.toISOString(), 'nb')).toBe('14:05');
  });
});
