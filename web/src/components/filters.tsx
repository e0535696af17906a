import { type ReactNode, useId } from 'react';
import { Button } from './form.tsx';

/** A labelled field of a list's filter bar; the control gets the label's id. */
export function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** One of a list of values, or any (the empty value). */
export function SelectFilter<V extends string>({
  label,
  any,
  values,
  value,
  text,
  onChange,
}: {
  label: string;
  /** the text of the empty choice */
  any: string;
  values: readonly V[];
  value: V | undefined;
  text: (value: V) => string;
  onChange: (value: string) => void;
}) {
  return (
    <Filter label={label}>
      {(id) => (
        <select id={id} className="field__input" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">{any}</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {text(v)}
            </option>
          ))}
        </select>
      )}
    </Filter>
  );
}

/** From and to dates (`YYYY-MM-DD`); `bounded`: neither can be picked past the other. */
export function DateRangeFilter({
  labels,
  from,
  to,
  bounded = false,
  onChange,
}: {
  labels: { from: string; to: string };
  from: string | undefined;
  to: string | undefined;
  bounded?: boolean;
  onChange: (key: 'from' | 'to', value: string) => void;
}) {
  return (
    <>
      <DateFilter
        label={labels.from}
        value={from}
        max={bounded ? to : undefined}
        onChange={(value) => onChange('from', value)}
      />
      <DateFilter
        label={labels.to}
        value={to}
        min={bounded ? from : undefined}
        onChange={(value) => onChange('to', value)}
      />
    </>
  );
}

function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Filter label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className="field__input"
          value={value ?? ''}
          min={min}
          max={max}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Filter>
  );
}

/** The filter bar's button that drops every filter. */
export function ClearFilters({ className, label, onClear }: { className: string; label: string; onClear: () => void }) {
  return (
    <div className={className}>
      <Button variant="ghost" className="button--small" onClick={onClear}>
        {label}
      </Button>
    </div>
  );
}
