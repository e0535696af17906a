import { useTranslation } from 'react-i18next';
import { ReportView } from './report-view.tsx';

/** `/admin/reports/games`: the games played. */
export function GamesReportPage() {
  const { t } = useTranslation();
  return <ReportView kind="games" title={t('reports.games')} subtitle={t('adminConsole.reports.hint_games')} />;
}
