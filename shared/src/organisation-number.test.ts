import { describe, expect, it } from 'vitest';
import { isOrganisationNumber, ZOrganisationNumber } from './organisation-number.ts';

describe('organisation numbers', () => {
  it('accepts numbers whose check digit is right', () => {
    expect(isOrganisationNumber('999999999')).toBe(true); // the Tax Administration's example
    expect(isOrganisationNumber('974760673')).toBe(true); // Brønnøysundregistrene
  });

  it('refuses a wrong check digit, a check digit of 10, and anything but nine digits', () => {
    expect(isOrganisationNumber('999999998')).toBe(false);
    expect(isOrganisationNumber('974760674')).toBe(false);
    expect(isOrganisationNumber('123456700')).toBe(false); // sum 110+… → check 10 is never valid
    expect(isOrganisationNumber('99999999')).toBe(false);
    expect(isOrganisationNumber('99999999a')).toBe(false);
  });

  it('parses with spaces and keeps the digits', () => {
    expect(ZOrganisationNumber.parse('974 760 673')).toBe('974760673');
    expect(ZOrganisationNumber.safeParse('974 760 674').success).toBe(false);
  });
});
