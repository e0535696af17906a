import { describe, expect, it } from 'vitest';
import { formatClock, formatClockTime, formatDateTime, formatDuration } from './format.ts';

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
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_900)).toBe('1:05');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
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
