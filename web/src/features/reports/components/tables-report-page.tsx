import { useTranslation } from 'react-i18next';
import { ReportView } from './report-view.tsx';

/** `/admin/reports/tables`: how busy the tables were. */
export function TablesReportPage() {
  const { t } = useTranslation();
  return <ReportView kind="tables" title={t('reports.tables')} subtitle={t('adminConsole.reports.hint_tables')} />;
}
