import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { useZReports } from '../api/get-z-reports.ts';
import { usePrintReport } from '../api/print-report.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';

/**
 * Earlier Z reports, newest first, a page at a time (one is added each day); each prints again
 * as it was made. The page is the section's own, not the address's: the cash point chosen is
 * not in the address either, and another one starts at its first page.
 */
export function ZHistorySection() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const pointId = useCashPointId();
  const [shown, setShown] = useState({ pointId, page: 1 });
  const page = shown.pointId === pointId ? shown.page : 1;
  const goTo = useCallback((p: number) => setShown({ pointId, page: p }), [pointId]);
  const reports = useZReports(page);
  // a close is dated by the club's day, as its journal is
  const timeZone = useClubTimeZone(true);
  const print = usePrintReport();
  return (
    <Section title={t('till.history_title')}>
      {reports.isPending ? (
        <Loading />
      ) : reports.isError ? (
        <ErrorState onRetry={() => void reports.refetch()} />
      ) : reports.data.total === 0 ? (
        <EmptyState title={t('till.history_empty')} />
      ) : (
        <>
          <ul className="list stack" aria-label={t('till.history_title')} aria-busy={reports.isFetching || undefined}>
            {reports.data.data.map((z) => (
              <li key={z.number} className="card list-card cash__z">
                <div>
                  <p className="card-title">{t('till.z_number', { number: z.number })}</p>
                  <p className="muted small">
                    {t('till.z_line', {
                      date: formatDateTime(z.at, locale, timeZone),
                      from: z.from_nr,
                      to: z.to_nr,
                      total: formatMoney(z.grand_total, locale),
                    })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={`${t('till.reprint')}: ${t('till.z_number', { number: z.number })}`}
                  onClick={() => print.print(forCashPoint(`/v1/cash/z-report/${z.number}?format=html`, pointId))}
                >
                  {t('till.reprint')}
                </Button>
              </li>
            ))}
          </ul>
          <Pager page={page} answer={reports.data} onPage={goTo} />
        </>
      )}
    </Section>
  );
}
