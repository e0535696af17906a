import { fieldErrors, VALIDATION_KEYS, type ValidationKey } from '@club/shared/validation';
import type { output, ZodType } from 'zod';
import { ApiError } from './api-client.ts';

/** One rule key per field (`validation.*`), as the fields show them in words. */
export type Errors = Record<string, ValidationKey>;

const isValidationKey = (value: string): value is ValidationKey =>
  (VALIDATION_KEYS as readonly string[]).includes(value);

/** Rules as keys the texts have: a rule named otherwise (a schema's own words) reads as not valid. */
function ruleKeys(fields: Record<string, string>): Errors {
  return Object.fromEntries(
    Object.entries(fields).map(([field, rule]) => [field, isValidationKey(rule) ? rule : 'validation.invalid']),
  );
}

/** Checks a body with the shared schema the server uses: the data, or one rule key per field. */
export function validate<S extends ZodType>(schema: S, body: unknown): { data: output<S> } | { errors: Errors } {
  const parsed = schema.safeParse(body);
  return parsed.success ? { data: parsed.data } : { errors: ruleKeys(fieldErrors(parsed.error)) };
}

/** The server's per-field rules of a failed call (a 422's `errors`), if any. */
export function serverErrors(error: unknown): Errors | null {
  return error instanceof ApiError && Object.keys(error.fields).length > 0 ? ruleKeys(error.fields) : null;
}

/** Moves the focus to the first field with an error. */
export function focusFirstError(form: HTMLFormElement | null, errors: Errors): void {
  const first = Object.keys(errors)[0];
  if (!first || !form) return;
  form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
}
