import type { ValidationKey } from '@club/shared/validation';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  name: string;
  label: string;
  /** a `validation.*` key */
  error?: ValidationKey | undefined;
  /** or the error already in words (a form that words its own) */
  message?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
}

function useField({ name, label, error: key, message, hint }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const error = message ?? key;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    name,
    text: message ?? (key ? t(key, { field: label }) : undefined),
    control: {
      id,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** A field's label, its control, and the hint and error tied to it (`${id}-hint`, `${id}-error`). */
export function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {!required && <span className="field__optional"> ({t('common.optional')})</span>}
      </label>
      <div className="field__control">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error in words, tied to its control by `${id}-error` (`aria-describedby`). */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null;
}

/** A labelled input of any type, its rule key shown as words and tied to it. */
export function InputField({
  value,
  onChange,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  placeholder,
  suffix,
  ...props
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date' | 'time' | 'datetime-local' | 'url' | 'search';
  inputMode?: 'text' | 'decimal' | 'numeric' | 'url';
  autoComplete?: string;
  placeholder?: string;
  /** a unit after the input (`kr`, `%`) */
  suffix?: string;
}) {
  const field = useField(props);
  const required = props.required ?? true;
  return (
    <FieldShell id={field.id} label={props.label} required={required} hint={props.hint} error={field.text}>
      <input
        {...field.control}
        className={suffix ? 'field__input field__input--suffixed' : 'field__input'}
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {suffix && (
        <span className="field__suffix" aria-hidden="true">
          {suffix}
        </span>
      )}
    </FieldShell>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  ...props
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const field = useField(props);
  const required = props.required ?? true;
  return (
    <FieldShell id={field.id} label={props.label} required={required} hint={props.hint} error={field.text}>
      <select
        {...field.control}
        className="field__input"
        value={value}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  value,
  onChange,
  rows = 3,
  maxLength,
  ...props
}: FieldProps & { value: string; onChange: (value: string) => void; rows?: number; maxLength?: number }) {
  const field = useField(props);
  const required = props.required ?? true;
  return (
    <FieldShell id={field.id} label={props.label} required={required} hint={props.hint} error={field.text}>
      <textarea
        {...field.control}
        className="field__input field__textarea"
        value={value}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}

/** A checkbox with its label and an optional hint under it. */
export function CheckField({
  name,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="check-field">
      <label className="check">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint check-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
