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
  if (kiosk.isError || tables.isError) return null;
  return <Totals figures={figures} label={t('adminConsole.reports.headline')} />;
}
