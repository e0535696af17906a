import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { output, ZodType } from 'zod';
import { type Errors, focusFirstError, serverErrors, validate } from '../lib/validate.ts';
import { ErrorNote } from './error-note.tsx';
import { Button } from './form.tsx';

type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;

/**
 * A form's typed values and its field rules: from the shared schema before saving, from the
 * server after. Either way the rules land on the fields and the focus on the first of them.
 */
export function useDraft<D>(initial: () => D) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const show = (next: Errors) => {
    setErrors(next);
    focusFirstError(formRef.current, next);
  };

  /** The body as the schema reads it, or null once the rules it breaks are shown. */
  function check<S extends ZodType>(schema: S, body: unknown): output<S> | null {
    const result = validate(schema, body);
    if ('errors' in result) {
      show(result.errors);
      return null;
    }
    setErrors({});
    return result.data;
  }

  /** After a failed save: the server's per-field rules, if it gave any, on the fields. */
  function onSaveError(error: unknown) {
    const fields = serverErrors(error);
    if (fields) show(fields);
  }

  /** The props a text field of the draft takes: its name, value, setter and rule. */
  function field<K extends TextKey<D>>(name: K) {
    return {
      name,
      value: draft[name] as string,
      onChange: (value: string) => set(name, value as D[K]),
      error: errors[name],
    };
  }

  return { formRef, draft, set, errors, check, onSaveError, field };
}

/** An admin form: the browser's own checks off, so the shared schema's words show instead. */
export function DraftForm({
  formRef,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The card an edit-in-place form sits in: its title, fields, a refusal in words, save and cancel. */
export function DraftFormCard({
  titleId,
  title,
  formRef,
  onSubmit,
  saveError,
  busy,
  submitLabel,
  onCancel,
  children,
}: {
  titleId: string;
  title: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: () => void;
  /** the failed save; field rules show on the fields, anything else here */
  saveError: unknown;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {title}
      </h2>
      <DraftForm formRef={formRef} onSubmit={onSubmit}>
        {children}
        <ErrorNote error={serverErrors(saveError) ? null : saveError} />
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </div>
      </DraftForm>
    </section>
  );
}
