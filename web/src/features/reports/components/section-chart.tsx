import type { TReportKind, TReportSection } from '@club/shared/reports';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatDay } from '../lib/format.ts';
import { useReportWords } from '../lib/report-words.ts';
import { BarFigure, ChartSlot, PieFigure } from './chart-slot.tsx';
import type { Datum } from './charts.tsx';

/** Which sections are drawn, and how: the rest are tables only. */
interface ChartSpec {
  kind: 'bar' | 'hbar' | 'pie';
  label: string;
  value: string;
  /** the label is a value to translate (source, method) */
  translate?: boolean;
  /** the label is a day or an hour */
  labelAs?: 'date' | 'hour';
  /** only the first N rows (the server sorts them) */
  top?: number;
  /** leave out negative values (the discounts line of revenue by source) */
  positive?: boolean;
}

const CHARTS: Partial<Record<TReportKind, Record<string, ChartSpec>>> = {
  tables: {
    by_hour: { kind: 'bar', label: 'hour', value: 'utilisation', labelAs: 'hour' },
    by_table: { kind: 'hbar', label: 'table', value: 'utilisation' },
  },
  games: {
    length_distribution: { kind: 'bar', label: 'minutes', value: 'games' },
    by_day: { kind: 'bar', label: 'date', value: 'games', labelAs: 'date' },
  },
  kiosk: {
    by_source: { kind: 'pie', label: 'source', value: 'revenue', translate: true, positive: true },
    by_method: { kind: 'bar', label: 'method', value: 'revenue', translate: true },
    products: { kind: 'hbar', label: 'product', value: 'quantity', top: 10 },
  },
  subscriptions: {
    sold: { kind: 'hbar', label: 'subscription', value: 'hours' },
  },
  users: {
    top_spenders: { kind: 'hbar', label: 'name', value: 'total', top: 10 },
    new_by_day: { kind: 'bar', label: 'date', value: 'users', labelAs: 'date' },
  },
};

/** A section's chart, where one suits it. */
export function SectionChart({ kind, section }: { kind: TReportKind; section: TReportSection }) {
  const { t } = useTranslation();
  const words = useReportWords();
  const locale = currentLocale();
  const spec = CHARTS[kind]?.[section.id];
  if (!spec || section.rows.length === 0) return null;
  const valueType = section.columns.find((c) => c.key === spec.value)?.type ?? 'int';
  const rows = section.rows.slice(0, spec.top ?? section.rows.length);
  const data: Datum[] = rows
    .map((row) => {
      const raw = row[spec.label];
      const label =
        spec.labelAs === 'hour'
          ? String(raw).padStart(2, '0')
          : spec.labelAs === 'date'
            ? formatDay(String(raw), locale, 'short')
            : spec.translate
              ? words.value(String(raw))
              : String(raw ?? '');
      return { label, value: Number(row[spec.value] ?? 0) };
    })
    .filter((d) => !spec.positive || d.value > 0);
  if (data.length === 0 || data.every((d) => d.value === 0)) {
    return <p className="muted small chart-empty">{t('adminConsole.reports.chart_empty')}</p>;
  }
  const title = words.chart(section.id);
  const summary = t('adminConsole.reports.chart_summary', { title });
  const seriesName = words.column(spec.value);
  return (
    <ChartSlot>
      {spec.kind === 'pie' ? (
        <PieFigure title={title} summary={summary} data={data} type={valueType} locale={locale} />
      ) : (
        <BarFigure
          title={title}
          summary={summary}
          data={data}
          type={valueType}
          locale={locale}
          horizontal={spec.kind === 'hbar'}
          seriesName={seriesName}
        />
      )}
    </ChartSlot>
  );
}
