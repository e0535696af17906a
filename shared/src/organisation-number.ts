import { zString } from './validation.ts';

const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/** A Norwegian organisation number: nine digits, the last a modulus-11 check digit. */
export function isOrganisationNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = WEIGHTS.reduce((s, w, i) => s + w * (digits[i] ?? 0), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === digits[8];
}

/** Accepts spaces as people write it (`999 999 999`) and keeps the digits. */
export const ZOrganisationNumber = zString()
  .transform((v) => v.replace(/\s/g, ''))
  .refine(isOrganisationNumber, { message: 'validation.organisation_number' });
