import type { TReportTotal } from '@club/shared/reports';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/states.tsx';
import { useReport } from '../api/get-report.ts';
import type { Range } from '../lib/range.ts';
import { queryOf } from '../lib/report-query.ts';
import { Totals } from './totals.tsx';

/** The period's headline: money in, how busy the tables were. */
export function Headline({ range }: { range: Range }) {
  const { t } = useTranslation();
  const ok = range.from <= range.to;
  const kiosk = useReport(queryOf('kiosk', range), ok);
  const tables = useReport(queryOf('tables', range), ok);
  const figures: { key: TReportTotal; value: number | undefined }[] = [
    { key: 'revenue', value: kiosk.data?.totals.revenue },
    { key: 'table_time', value: kiosk.data?.totals.table_time },
    { key: 'utilisation', value: tables.data?.totals.utilisation },
    { key: 'games', value: tables.data?.totals.games },
  ];
  if (!ok) return <ErrorState text={t('adminConsole.reports.bad_range')} />;
  // nothing in place of the figures would read as a page without any; the retry reads again only what failed
  const failed = [kiosk, tables].filter((q) => q.isError && q.data === undefined);
  if (failed.length > 0) {
    return (
      <ErrorState
        text={t('adminConsole.reports.headline_failed')}
        onRetry={() => {
          for (const q of failed) void q.refetch();
        }}
      />
    );
  }
  return <Totals figures={figures} label={t('adminConsole.reports.headline')} />;
}
