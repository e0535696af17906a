import type { TReportKind, TReportTotal } from '@club/shared/reports';
import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { useReport } from '../api/get-report.ts';
import { resolvedRange, searchOf } from '../lib/range.ts';
import { queryOf } from '../lib/report-query.ts';
import { HoursChart } from './hours-chart.tsx';
import { RangePicker, useRange } from './range-picker.tsx';
import { ReportSection } from './report-section.tsx';
import { Totals } from './totals.tsx';
import '../../../styles/admin.css';

/** One report for the chosen period: totals, then each section. */
export function ReportView({
  kind,
  title,
  subtitle,
  userId,
  extra,
}: {
  kind: TReportKind;
  title: string;
  subtitle: string;
  userId?: number;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useRange();
  const query = queryOf(kind, range, userId);
  const report = useReport(query, range.from <= range.to);
  const shown = resolvedRange(range, report.data);

  return (
    <Page
      title={title}
      subtitle={subtitle}
      wide
      back={{ to: `${pathTo('admin.reports')}${searchOf(range)}`, label: t('reports.title') }}
    >
      <RangePicker range={shown} onChange={setRange} />
      {extra}
      {range.from > range.to ? (
        <ErrorState text={t('adminConsole.reports.bad_range')} />
      ) : report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorState onRetry={() => void report.refetch()} />
      ) : (
        <div className="report" aria-busy={report.isPlaceholderData || undefined}>
          <Totals
            figures={(Object.entries(report.data.totals) as [TReportTotal, number][]).map(([key, value]) => ({
              key,
              value,
            }))}
            busy={report.isPlaceholderData}
          />
          {kind === 'subscriptions' && <HoursChart report={report.data} />}
          {report.data.sections.map((section) => (
            <ReportSection key={section.id} query={query} section={section} />
          ))}
          <p className="muted small">{t('adminConsole.reports.time_zone', { zone: report.data.time_zone })}</p>
        </div>
      )}
    </Page>
  );
}
