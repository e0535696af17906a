import type { TCashReport } from '@club/shared/cash';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { useOpenPrintable } from '../../../lib/api-files.ts';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useXReport } from '../api/get-x-report.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function XFigures({ report }: { report: TCashReport }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (ore: number) => formatMoney(ore, locale);
  return (
    <div className="stack">
      <dl className="facts cash__facts">
        <Figure label={t('till.sales')} value={`${report.sales.count} · ${money(report.sales.amount)}`} />
        <Figure label={t('till.returns')} value={`${report.returns.count} · ${money(report.returns.amount)}`} />
        <Figure label={t('till.net_sales')} value={money(report.net_sales)} testId="x-net-sales" />
        <Figure label={t('till.drawer_openings')} value={String(report.drawer_openings)} testId="x-drawer-openings" />
      </dl>
      {report.by_method.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="data-table__caption">{t('till.by_method')}</caption>
            <tbody>
              {report.by_method.map((m) => (
                <tr key={m.method}>
                  <th scope="row">{t(`till.method.${m.method}`)}</th>
                  <td>{m.count}</td>
                  <td>{money(m.amount)}</td>
                </tr>
              ))}
              {report.vat_per_rate.map((v) => (
                <tr key={v.vat_rate}>
                  <th scope="row">{t('till.vat', { rate: v.vat_rate })}</th>
                  <td>{money(v.net)}</td>
                  <td>{money(v.vat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Today so far: the X report, run when the page opens and when staff ask again; printable. */
export function XReportSection() {
  const { t } = useTranslation();
  const report = useXReport();
  const pointId = useCashPointId();
  const print = useOpenPrintable();
  return (
    <Section
      title={t('till.x_title')}
      action={
        <div className="form-actions">
          <Button variant="secondary" onClick={() => void report.refetch()} busy={report.isFetching}>
            {t('till.refresh')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => print.mutate(forCashPoint('/v1/cash/x-report?format=html', pointId))}
            busy={print.isPending}
          >
            {t('till.print_x')}
          </Button>
        </div>
      }
    >
      <div className="card">
        <p className="muted small">{t('till.x_hint')}</p>
        {report.isPending ? (
          <Loading />
        ) : report.isError ? (
          <ErrorState onRetry={() => void report.refetch()} />
        ) : (
          <XFigures report={report.data} />
        )}
      </div>
    </Section>
  );
}
