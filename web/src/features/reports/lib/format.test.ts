import { describe, expect, it } from 'vitest';
import { formatTick, formatValue, totalType } from './format.ts';

describe('report formatting', () => {
  it('writes minutes as a duration, not like a time of day', () => {
    const spaces = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(spaces(formatValue(0, 'minutes', 'nb'))).toBe('0 min');
    expect(spaces(formatValue(95, 'minutes', 'nb'))).toBe('1 t 35 min');
    expect(spaces(formatValue(600, 'minutes', 'en'))).toBe('10 h 00 min');
  });

  it('writes hours with the unit of each language, as every other duration: t in Norwegian, h in English', () => {
    const spaces = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(spaces(formatValue(12.5, 'hours', 'nb'))).toBe('12,5 t');
    expect(spaces(formatValue(12.5, 'hours', 'en'))).toBe('12.5 h');
  });

  it('formats by type: øre as money, percent, dates', () => {
    expect(formatValue(123450, 'money', 'nb')).toBe('kr\u00a01\u00a0234,50');
    expect(formatValue(12.5, 'percent', 'en')).toBe('12.5 %');
    expect(formatValue(null, 'int', 'en')).toBe('—');
    expect(formatValue('2025-01-15', 'date', 'en')).toBe('15 Jan 2025');
  });

  it('knows the unit of each headline figure', () => {
    expect(totalType('revenue')).toBe('money');
    // refunded and net money are øre too: not `3 900` for kr 39,00
    expect(totalType('refunds')).toBe('money');
    expect(totalType('net')).toBe('money');
    expect(formatValue(146350, totalType('net'), 'nb')).toBe('kr\u00a01\u00a0463,50');
    expect(totalType('occupied_minutes')).toBe('minutes');
    expect(totalType('utilisation')).toBe('percent');
    expect(totalType('hours_sold')).toBe('hours');
    expect(totalType('games')).toBe('int');
  });

  it('labels a money axis in kroner without two ticks reading the same', () => {
    const spaces = (s: string) => s.replace(/\u00a0/g, ' ');
    // the ticks recharts picks for a day of kr 2,50
    const ticks = [0, 62.5, 125, 187.5, 250].map((v) => formatTick(v, 'money', 'nb'));
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks).toEqual(['0', '0,63', '1,25', '1,88', '2,5']);
    expect(spaces(formatTick(250_000, 'money', 'nb'))).toBe('2 500');
  });
});
