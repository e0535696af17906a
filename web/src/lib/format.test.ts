import { describe, expect, it } from 'vitest';
import { formatClockTime } from './format.ts';

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
