/** One of a few choices as pressed buttons under a legend. */
export function SegmentedField<V extends string | number>({
  legend,
  options,
  value,
  onChange,
  label,
  className,
}: {
  legend: string;
  options: readonly V[];
  value: V;
  onChange: (value: V) => void;
  label: (option: V) => string;
  /** more classes for the group (its layout where it stands) */
  className?: string;
}) {
  return (
    <fieldset className={className ? `segmented ${className}` : 'segmented'}>
      <legend className="segmented__legend">{legend}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="segmented__option"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {label(option)}
        </button>
      ))}
    </fieldset>
  );
}
