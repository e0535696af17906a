import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCashPoints } from '../../../api/get-cash-points.ts';
import { SelectField } from '../../../components/fields.tsx';
import { Page } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import '../../../styles/cash.css';
import { CashPointContext } from '../lib/cash-point.tsx';
import { CashExportSection } from './cash-export-section.tsx';
import { DayCloseSection } from './day-close-section.tsx';
import { DrawerSection } from './drawer-section.tsx';
import { XReportSection } from './x-report-section.tsx';
import { ZHistorySection } from './z-history-section.tsx';

/**
 * `/admin/cash`: a cash point's day: X report, drawer, day close, earlier Z reports; and the
 * export. The sections wait for the cash points, so the X report (journaled each time it
 * runs) runs once, for the cash point shown.
 */
export function CashPage() {
  const { t } = useTranslation();
  const points = useCashPoints();
  const [chosen, setChosen] = useState<number>();
  const pointId = chosen ?? points.data?.[0]?.id;
  return (
    <Page title={t('till.title')} wide>
      {points.isPending ? (
        <Loading />
      ) : points.isError ? (
        <ErrorState onRetry={() => void points.refetch()} />
      ) : (
        <CashPointContext value={pointId}>
          <div className="cash">
            {points.data.length > 1 && (
              <div className="cash__point">
                <SelectField
                  name="cash_point"
                  label={t('till.cash_point')}
                  value={String(pointId)}
                  onChange={(v) => setChosen(Number(v))}
                  options={points.data.map((p) => ({ value: String(p.id), label: p.name }))}
                />
              </div>
            )}
            <XReportSection key={`x-${pointId}`} />
            <DrawerSection key={`d-${pointId}`} />
            <DayCloseSection key={`z-${pointId}`} />
            <ZHistorySection />
            <CashExportSection />
          </div>
        </CashPointContext>
      )}
    </Page>
  );
}
