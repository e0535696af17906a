import { describe, expect, it } from 'vitest';
import { formatHoursMinutes, formatValue, totalType } from './format.ts';

describe('report formatting', () => {
  it('writes minutes as h:mm', () => {
    expect(formatHoursMinutes(0)).toBe('0:00');
    expect(formatHoursMinutes(95)).toBe('1:35');
    expect(formatHoursMinutes(600)).toBe('10:00');
  });

  it('formats by type: øre as money, percent, dates', () => {
    expect(formatValue(123450, 'money', 'nb')).toBe('kr\u00a01\u00a0234,50');
    expect(formatValue(12.5, 'percent', 'en')).toBe('12.5 %');
    expect(formatValue(75, 'minutes', 'en')).toBe('1:15');
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
});
