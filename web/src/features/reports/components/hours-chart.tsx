import type { TReport } from '@club/shared/reports';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatValue } from '../lib/format.ts';
import { useReportWords } from '../lib/report-words.ts';
import { ChartSlot, CompareFigure } from './chart-slot.tsx';

/** Subscriptions: hours sold, used and still outstanding, side by side. */
export function HoursChart({ report }: { report: TReport }) {
  const { t } = useTranslation();
  const words = useReportWords();
  const locale = currentLocale();
  const keys = (['hours_sold', 'hours_used', 'hours_outstanding'] as const).filter((k) => k in report.totals);
  if (keys.length === 0) return null;
  const data = keys.map((k) => ({ label: words.total(k), value: report.totals[k] ?? 0 }));
  const title = t('adminConsole.reports.charts.hours');
  return (
    <div className="card report-section">
      <ChartSlot>
        <CompareFigure
          title={title}
          summary={t('adminConsole.reports.chart_summary_totals', {
            title,
            values: data.map((d) => `${d.label}: ${formatValue(d.value, 'hours', locale)}`).join(', '),
          })}
          data={data}
          type="hours"
          locale={locale}
        />
      </ChartSlot>
    </div>
  );
}
