import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDuration } from './format.ts';

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
});

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_900)).toBe('1:05');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});
