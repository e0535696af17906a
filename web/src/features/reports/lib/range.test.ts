import { describe, expect, it } from 'vitest';
import { presetRange, rangeFromSearch, searchOf } from './range.ts';

// Wednesday 15 January 2025, local time
const NOW = new Date(2025, 0, 15, 10, 30);

describe('report ranges', () => {
  it('answer the presets in whole local days, weeks from Monday', () => {
    expect(presetRange('today', NOW)).toEqual({ preset: 'today', from: '2025-01-15', to: '2025-01-15' });
    expect(presetRange('this_week', NOW)).toEqual({ preset: 'this_week', from: '2025-01-13', to: '2025-01-15' });
    expect(presetRange('this_month', NOW)).toEqual({ preset: 'this_month', from: '2025-01-01', to: '2025-01-15' });
    expect(presetRange('last_month', NOW)).toEqual({ preset: 'last_month', from: '2024-12-01', to: '2024-12-31' });
  });

  it('take a Sunday as the end of its week', () => {
    expect(presetRange('this_week', new Date(2025, 0, 19)).from).toBe('2025-01-13');
  });

  it('read and write the range in the URL, this month by default', () => {
    expect(rangeFromSearch(new URLSearchParams(''), NOW).preset).toBe('this_month');
    expect(rangeFromSearch(new URLSearchParams('range=last_month'), NOW).from).toBe('2024-12-01');
    const custom = { preset: 'custom' as const, from: '2024-11-02', to: '2024-11-20' };
    expect(rangeFromSearch(new URLSearchParams(searchOf(custom)), NOW)).toEqual(custom);
    expect(rangeFromSearch(new URLSearchParams('from=junk&to=2024-01-01'), NOW).preset).toBe('this_month');
  });
});
