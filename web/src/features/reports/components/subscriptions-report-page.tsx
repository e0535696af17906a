import { useTranslation } from 'react-i18next';
import { ReportView } from './report-view.tsx';

/** `/admin/reports/subscriptions`: prepaid hours sold, used and outstanding. */
export function SubscriptionsReportPage() {
  const { t } = useTranslation();
  return (
    <ReportView
      kind="subscriptions"
      title={t('reports.subscriptions')}
      subtitle={t('adminConsole.reports.hint_subscriptions')}
    />
  );
}
