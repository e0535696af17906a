import { useTranslation } from 'react-i18next';
import { ReportView } from './report-view.tsx';

/** `/admin/reports/kiosk`: sales by source, method and product. */
export function KioskReportPage() {
  const { t } = useTranslation();
  return (
    <ReportView
      kind="kiosk"
      title={t('adminConsole.reports.kiosk_title')}
      subtitle={t('adminConsole.reports.hint_kiosk')}
    />
  );
}
