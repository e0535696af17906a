import { fieldErrors } from '@club/shared/validation';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { output, ZodType } from 'zod';
import { ApiError } from './api-client.ts';

type Errors = Record<string, string>;

/**
 * A small form state hook that validates with the shared zod schema, so the browser and
 * the server apply the same rules and say the same words (`validation.*` keys). Server
 * field errors (`errors` of a 422) land on the same fields.
 */
export function useForm<S extends ZodType, K extends string>(schema: S, initial: Record<K, string>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const validate = useCallback(
    (next: Record<K, string>): { data: output<S> } | { errors: Errors } => {
      const parsed = schema.safeParse(next);
      return parsed.success ? { data: parsed.data } : { errors: fieldErrors(parsed.error) };
    },
    [schema],
  );

  const focusFirstError = (errs: Errors) => {
    const first = Object.keys(errs)[0];
    if (!first || !formRef.current) return;
    const input = formRef.current.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`);
    input?.focus();
  };

  function set(name: K, value: string) {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      if (submitted) {
        const result = validate(next);
        setErrors('errors' in result ? result.errors : {});
      }
      return next;
    });
  }

  function handleSubmit(onValid: (data: output<S>) => unknown) {
    return (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const result = validate(values);
      if ('errors' in result) {
        setErrors(result.errors);
        focusFirstError(result.errors);
        return;
      }
      setErrors({});
      void onValid(result.data);
    };
  }

  /** After a failed call: the server's per-field rules shown on the fields. */
  function applyServerError(error: unknown) {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      setErrors(error.fields);
      focusFirstError(error.fields);
    }
  }

  /** The message of a field, in words: '{field} is required.' */
  function errorOf(name: K): string | undefined {
    const key = errors[name];
    return key ? t(key, { field: t(`field.${name}`) }) : undefined;
  }

  return {
    formRef,
    values,
    setValues,
    set,
    errors,
    errorOf,
    handleSubmit,
    applyServerError,
    /** props for a text field */
    field(name: K) {
      return {
        name,
        value: values[name],
        error: errorOf(name),
        onChange: (value: string) => set(name, value),
      };
    },
  };
}
