import type { TReportTotal } from '@club/shared/reports';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatValue, totalType } from '../lib/format.ts';
import { useReportWords } from '../lib/report-words.ts';

/** Headline figures, each named and formatted by its kind; a figure still on its way shows a placeholder. */
export function Totals({
  figures,
  busy,
  label,
}: {
  figures: { key: TReportTotal; value: number | undefined }[];
  busy?: boolean;
  label?: string;
}) {
  const words = useReportWords();
  const locale = currentLocale();
  return (
    <dl className="totals" aria-live="polite" aria-busy={busy || undefined} aria-label={label}>
      {figures.map((f) => (
        <div key={f.key} className="totals__item card" data-total={f.key}>
          <dt className="totals__label">{words.total(f.key)}</dt>
          <dd className="totals__value">
            {f.value === undefined ? <span className="skeleton" /> : formatValue(f.value, totalType(f.key), locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
