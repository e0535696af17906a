import { AppError } from '@club/shared/errors';
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords are refused (OWASP ASVS 5.0 §6.2.4: at least the top 3000). */
const REFUSED = 10_000;

// zxcvbn's list of leaked passwords, most used first; compared without regard to case
let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(dictionary['passwords-common'].slice(0, REFUSED).map((p) => p.toLowerCase()));
  return common;
};

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * A new password's rules beyond its length (the shared schema checks that): none of the
 * most used ones. Refused as a validation failure on the `password` field.
 */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('error.validation_failed', { fields: { password: 'validation.password_too_common' } });
  }
}
