import { describe, expect, it } from 'vitest';
import { reservedText } from './reservation-badge.tsx';

const OSLO = 'Europe/Oslo';
const t = (key: string, values?: Record<string, string>) => `${key} ${values?.time ?? ''}`;
const text = (reservedFrom: string | null, now: string) => reservedText(t, reservedFrom, OSLO, Date.parse(now));

describe('a table’s reservation badge', () => {
  it('shows today’s reservation by its time in the club’s zone', () => {
    expect(text('2026-11-27T18:00:00Z', '2026-11-27T10:00:00Z')).toBe('booking.reserved_at 19:00');
  });

  it('says tomorrow for a reservation on the next club day, also just after midnight', () => {
    expect(text('2026-11-28T18:00:00Z', '2026-11-27T10:00:00Z')).toBe('booking.reserved_tomorrow 19:00');
    // 00:18 in Oslo, still the 26th in UTC: tomorrow evening is 42 hours away
    expect(text('2026-11-28T18:00:00Z', '2026-11-26T23:18:00Z')).toBe('booking.reserved_tomorrow 19:00');
  });

  it('is quiet about a reservation after tomorrow, and when there is none', () => {
    expect(text('2026-11-29T06:00:00Z', '2026-11-27T22:00:00Z')).toBeNull();
    expect(text(null, '2026-11-27T10:00:00Z')).toBeNull();
  });

  it('shows a reservation that has begun by its time, not as tomorrow', () => {
    expect(text('2026-11-27T09:00:00Z', '2026-11-27T10:00:00Z')).toBe('booking.reserved_at 10:00');
  });

  it('counts days by the calendar across the autumn clock change', () => {
    // 00:30 on Sunday 26 October 2025, a 25-hour day in Oslo: Monday 23:30 is 48 hours away
    expect(text('2025-10-27T22:30:00Z', '2025-10-25T22:30:00Z')).toBe('booking.reserved_tomorrow 23:30');
    expect(text('2025-10-27T23:10:00Z', '2025-10-25T22:30:00Z')).toBeNull();
  });
});
