import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { output, ZodType } from 'zod';
import { fieldLabel } from './i18n.ts';
import { validate as check, type Errors, focusFirstError, serverErrors } from './validate.ts';

type Value = string | boolean;
type TextKey<V> = { [N in keyof V]: V[N] extends string ? N : never }[keyof V] & string;

/**
 * A small form state hook that validates with the shared zod schema, so the browser and
 * the server apply the same rules and say the same words (`validation.*` keys). Server
 * field errors (`errors` of a 422) land on the same fields. `prepare` turns what was typed
 * into what the schema reads (kroner into øre, say); `label` names a field in messages
 * (default: the `field.<name>` text).
 */
export function useForm<S extends ZodType, V extends Record<string, Value>>(
  schema: S,
  initial: V,
  options: { prepare?: (values: V) => unknown; label?: (name: string) => string } = {},
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const validate = useCallback(
    (next: V): { data: output<S> } | { errors: Errors } => {
      return check(schema, options.prepare ? options.prepare(next) : next);
    },
    [schema, options.prepare],
  );

  function set<N extends keyof V>(name: N, value: V[N]) {
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
        focusFirstError(formRef.current, result.errors);
        return;
      }
      setErrors({});
      void onValid(result.data);
    };
  }

  /** After a failed call: the server's per-field rules shown on the fields. */
  function applyServerError(error: unknown) {
    const fields = serverErrors(error);
    if (fields) {
      setErrors(fields);
      focusFirstError(formRef.current, fields);
    }
  }

  /** The message of a field, in words: '{field} is required.' */
  function errorOf(name: keyof V & string): string | undefined {
    const key = errors[name];
    return key ? t(key, { field: options.label ? options.label(name) : fieldLabel(t, name) }) : undefined;
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
    field<N extends TextKey<V>>(name: N) {
      return {
        name,
        value: values[name] as string,
        error: errorOf(name),
        onChange: (value: string) => set(name, value as V[N]),
      };
    },
  };
}
