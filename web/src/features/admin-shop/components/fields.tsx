import { useId } from 'react';

/** A whole number as typed, or the text itself so the schema can say what is wrong. */
export function wholeOrText(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : text;
}

/** A labelled multi-line input with its error tied to it, styled like `TextField`. */
export function TextAreaField({
  name,
  label,
  value,
  onChange,
  error,
  hint,
  optionalLabel,
  rows = 3,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  /** shown after the label when the field may be left empty */
  optionalLabel?: string;
  rows?: number;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optionalLabel && <span className="field__optional"> ({optionalLabel})</span>}
      </label>
      <textarea
        id={id}
        name={name}
        className="field__input store-textarea"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
