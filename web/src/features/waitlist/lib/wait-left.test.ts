import { describe, expect, it } from 'vitest';
import { waitLeft } from './wait-left.ts';

describe('the expected wait between reads', () => {
  const readAt = Date.parse('2026-11-27T18:00:00Z');
  it('counts down a minute at a time from what the server said, never below zero', () => {
    expect(waitLeft(12, readAt, readAt + 59_000)).toBe(12);
    expect(waitLeft(12, readAt, readAt + 60_000)).toBe(11);
    expect(waitLeft(12, readAt, readAt + 11 * 60_000 + 30_000)).toBe(1);
    expect(waitLeft(12, readAt, readAt + 3 * 3_600_000)).toBe(0);
  });
  it('keeps an unknown wait unknown, and a clock behind the read as it was read', () => {
    expect(waitLeft(null, readAt, readAt + 600_000)).toBeNull();
    expect(waitLeft(5, readAt, readAt - 120_000)).toBe(5);
  });
});
