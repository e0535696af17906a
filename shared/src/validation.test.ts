import { describe, expect, it } from 'vitest';
import { ZChangePasswordBody, ZRegisterBody, ZUserUpdateBody } from './users.ts';
import { fieldErrors, MAX_PRICE, normalisePhone, zMoney, zText } from './validation.ts';
import { z } from './zod.ts';

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe('validation keys', () => {
  it('names a missing or empty field as required', () => {
    const errors = errorsOf(ZRegisterBody, { name: '  ', email: 'a@b.no' });
    expect(errors.name).toBe('validation.required');
    expect(errors.surname).toBe('validation.required');
    expect(errors.phone).toBe('validation.required');
    expect(errors.password).toBe('validation.required');
  });

  it('names the rule that failed', () => {
    const errors = errorsOf(ZRegisterBody, {
      name: 'Kari',
      surname: 'Nordmann',
      email: 'not-an-email',
      phone: '12',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(errors).toEqual({
      email: 'validation.email',
      phone: 'validation.phone',
      password: 'validation.password_min',
    });
  });

  it('says when passwords do not match', () => {
    const errors = errorsOf(ZChangePasswordBody, {
      current_password: 'x',
      password: 'long enough',
      password_confirmation: 'different!',
    });
    expect(errors).toEqual({ password_confirmation: 'validation.passwords_do_not_match' });
  });

  it('refuses an id that is not a number', () => {
    const errors = errorsOf(ZUserUpdateBody, {
      id: 'abc',
      name: 'a',
      surname: 'b',
      email: 'a@b.no',
      phone: '91234567',
      role: 1,
    });
    expect(errors.id).toBe('validation.number');
  });

  it('refuses ids beyond what the database can hold', () => {
    const errors = errorsOf(ZUserUpdateBody, {
      id: 999999999999,
      name: 'a',
      surname: 'b',
      email: 'a@b.no',
      phone: '91234567',
      role: 1,
    });
    expect(errors.id).toBe('validation.max');
  });

  it('normalises phone numbers', () => {
    expect(normalisePhone('912 34 567')).toBe('+4791234567');
    expect(normalisePhone('+47 912-34-567')).toBe('+4791234567');
    expect(normalisePhone('0046701234567')).toBe('+46701234567');
    expect(normalisePhone('12345')).toBeNull();
  });

  it('normalises e-mail addresses to lower case', () => {
    const parsed = ZRegisterBody.parse({
      name: 'Kari',
      surname: 'Nordmann',
      email: '  Kari@Example.NO ',
      phone: '91234567',
      password: 'long enough',
      password_confirmation: 'long enough',
    });
    expect(parsed.email).toBe('kari@example.no');
    expect(parsed.phone).toBe('+4791234567');
  });

  it('refuses NUL bytes in text, which the database cannot store', () => {
    expect(errorsOf(z.object({ name: zText() }), { name: 'a\u0000b' })).toEqual({ name: 'validation.text_nul' });
    expect(zText().parse(' Bord 1 ')).toBe('Bord 1');
  });

  it('keeps money within the limits, also when sent as text', () => {
    expect(zMoney().parse(String(MAX_PRICE))).toBe(MAX_PRICE);
    expect(errorsOf(z.object({ price: zMoney() }), { price: MAX_PRICE + 1 })).toEqual({ price: 'validation.max' });
    expect(errorsOf(z.object({ price: zMoney() }), { price: 2 ** 31 })).toEqual({ price: 'validation.max' });
    expect(errorsOf(z.object({ price: zMoney() }), { price: -1 })).toEqual({ price: 'validation.min' });
  });
});
