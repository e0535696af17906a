import { useTranslation } from 'react-i18next';
import { ReportView } from './report-view.tsx';

/** `/admin/reports/users`: members, new and active, and who spent most. */
export function UsersReportPage() {
  const { t } = useTranslation();
  return <ReportView kind="users" title={t('reports.users')} subtitle={t('adminConsole.reports.hint_users')} />;
}
