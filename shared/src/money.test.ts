import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, parseKroner, percentOf } from './money.ts';

const spaces = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money', () => {
  it('formats øre as Norwegian kroner', () => {
    expect(spaces(formatMoney(123450))).toBe('kr 1 234,50');
    expect(spaces(formatMoney(0))).toBe('kr 0,00');
    expect(spaces(formatMoney(5))).toBe('kr 0,05');
    expect(spaces(formatMoney(100000000))).toBe('kr 1 000 000,00');
    expect(spaces(formatMoney(-2550))).toBe('−kr 25,50');
  });
  it('writes a negative amount with the minus sign, and zero never negative', () => {
    expect(spaces(formatAmount(-2550))).toBe('−25,50');
    expect(spaces(formatAmount(-0))).toBe('0,00');
    expect(spaces(formatMoney(-0))).toBe('kr 0,00');
    expect(formatAmount(-123450, 'en')).toBe('−1,234.50');
    expect(formatMoney(-2550, 'en')).toBe('−NOK\u00a025.50');
  });
  it('formats English with NOK', () => {
    expect(spaces(formatMoney(123450, 'en'))).toBe('NOK 1,234.50');
  });
  it('refuses fractions of an øre', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
  it('parses what people type', () => {
    expect(parseKroner('12,50')).toBe(1250);
    expect(parseKroner('12.5')).toBe(1250);
    expect(parseKroner('kr 1 234')).toBe(123400);
    expect(parseKroner('abc')).toBeNull();
    expect(parseKroner('1,234')).toBeNull();
  });
  it('rounds percentages to whole øre', () => {
    expect(percentOf(999, 10)).toBe(100);
    expect(percentOf(1000, 15)).toBe(150);
  });
});
