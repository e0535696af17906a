import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import '../../../styles/cash.css';
import { CashExportSection } from './cash-export-section.tsx';
import { DayCloseSection } from './day-close-section.tsx';
import { DrawerSection } from './drawer-section.tsx';
import { XReportSection } from './x-report-section.tsx';
import { ZHistorySection } from './z-history-section.tsx';

/** `/admin/cash`: the cash register's day: X report, drawer, day close, earlier Z reports, export. */
export function CashPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('till.title')} wide>
      <div className="cash">
        <XReportSection />
        <DrawerSection />
        <DayCloseSection />
        <ZHistorySection />
        <CashExportSection />
      </div>
    </Page>
  );
}
