import { type ButtonHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell } from './fields.tsx';

/**
 * What a field keeps of what was typed (`accept`), written back into the field when it differs:
 * Preact draws a controlled field again only when its state changes, so a character refused
 * by a state that stays the same would otherwise stay on screen.
 */
export function acceptTyped(field: HTMLInputElement, accept: (typed: string) => string): string {
  const kept = accept(field.value);
  if (kept !== field.value) field.value = kept;
  return kept;
}

/** A labelled input with its error message tied to it for assistive technology. */
export function TextField({
  name,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  required = true,
  autoFocus,
  accept,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** what the field keeps of what is typed (e.g. a PIN's digits); all of it by default */
  accept?: (typed: string) => string;
  error?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'password' | 'search' | 'number';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'search';
  hint?: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const isPassword = type === 'password';
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        className="field__input"
        type={isPassword && reveal ? 'text' : type}
        value={value}
        onChange={(e) => onChange(accept ? acceptTyped(e.currentTarget, accept) : e.currentTarget.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
        // biome-ignore lint/a11y/noAutofocus: the first field of a one-task screen
        autoFocus={autoFocus}
        spellCheck={type === 'text' ? undefined : false}
      />
      {isPassword && (
        <button
          type="button"
          className="field__reveal"
          onClick={() => setReveal((r) => !r)}
          aria-pressed={reveal}
          aria-label={reveal ? t('common.hide_password') : t('common.show_password')}
        >
          {reveal ? t('common.hide') : t('common.show')}
        </button>
      )}
    </FieldShell>
  );
}

/** What `useForm().field(name)` gives a text field. */
interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** An e-mail address, as browsers and password managers expect one. */
export function EmailField({
  field,
  hint,
  autoComplete = 'email',
}: {
  field: BoundField;
  hint?: string;
  /** 'off' where one types another person's address */
  autoComplete?: 'email' | 'off';
}) {
  const { t } = useTranslation();
  return (
    <TextField
      {...field}
      label={t('field.email')}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      {...(hint ? { hint } : {})}
    />
  );
}

export function Button({
  busy = false,
  variant = 'primary',
  children,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      {...props}
      className={`button button--${variant}${className ? ` ${className}` : ''}`}
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A settings form's save button, with a note while what is typed differs from what is saved. */
export function SaveBar({ changed, unsaved, busy }: { changed: boolean; unsaved: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {changed && <p className="notice small">{unsaved}</p>}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          {t('common.save')}
        </Button>
      </div>
    </>
  );
}
