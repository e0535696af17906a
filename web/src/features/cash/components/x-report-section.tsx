import type { TCashReport } from '@club/shared/cash';
import { PAYMENT_METHODS, type TPaymentMethod } from '@club/shared/orders';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/form.tsx';
import { Section } from '../../../components/page.tsx';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { TextKey } from '../../../lib/text-keys.ts';
import { useXReport } from '../api/get-x-report.ts';
import { usePrintReport } from '../api/print-report.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** A method's name on the till, as on the printed X and Z reports. */
const METHOD_TEXT = {
  physical: 'cash.method.physical',
  vipps: 'cash.method.vipps',
  cash: 'cash.method.cash',
  card: 'cash.method.card',
  system: 'cash.method.system',
} as const satisfies Record<TPaymentMethod, TextKey>;

/** A method as the report names it: a code the till does not know reads as itself, not as a key. */
const isPaymentMethod = (method: string): method is TPaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);

function tillMethodName(t: TFunction, method: string): string {
  return isPaymentMethod(method) ? t(METHOD_TEXT[method]) : method;
}

function XFigures({ report }: { report: TCashReport }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (ore: number) => formatMoney(ore, locale);
  const ids = useId();
  return (
    <div className="stack">
      <dl className="facts cash__facts">
        <Figure label={t('till.sales')} value={`${report.sales.count} · ${money(report.sales.amount)}`} />
        <Figure label={t('till.returns')} value={`${report.returns.count} · ${money(report.returns.amount)}`} />
        <Figure label={t('till.net_sales')} value={money(report.net_sales)} testId="x-net-sales" />
        <Figure label={t('till.drawer_openings')} value={String(report.drawer_openings)} testId="x-drawer-openings" />
      </dl>
      {report.by_method.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it
        <section className="table-scroll" aria-labelledby={`${ids}-methods`} tabIndex={0}>
          <table className="data-table" data-testid="x-by-method">
            <caption id={`${ids}-methods`} className="data-table__caption">
              {t('till.by_method')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('till.method_column')}</th>
                <th scope="col" className="num">
                  {t('till.count_column')}
                </th>
                <th scope="col" className="num">
                  {t('till.amount_column')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.by_method.map((m) => (
                <tr key={m.method}>
                  <th scope="row">{tillMethodName(t, m.method)}</th>
                  <td className="num">{m.count}</td>
                  <td className="num">{money(m.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {report.vat_per_rate.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it
        <section className="table-scroll" aria-labelledby={`${ids}-vat`} tabIndex={0}>
          <table className="data-table" data-testid="x-vat">
            <caption id={`${ids}-vat`} className="data-table__caption">
              {t('till.vat_title')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('till.vat_rate_column')}</th>
                <th scope="col" className="num">
                  {t('till.vat_basis_column')}
                </th>
                <th scope="col" className="num">
                  {t('till.vat_column')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.vat_per_rate.map((v) => (
                <tr key={v.vat_rate}>
                  <th scope="row">{v.vat_rate} %</th>
                  <td className="num">{money(v.net)}</td>
                  <td className="num">{money(v.vat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** Today so far: the X report, run when the page opens and when staff ask again; printable. */
export function XReportSection() {
  const { t } = useTranslation();
  const report = useXReport();
  const pointId = useCashPointId();
  const print = usePrintReport();
  return (
    <Section
      title={t('till.x_title')}
      action={
        <div className="form-actions">
          {/* a run under way is not started again: each run is journaled */}
          <Button
            variant="secondary"
            onClick={() => void report.refetch({ cancelRefetch: false })}
            busy={report.isFetching}
          >
            {t('till.refresh')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => print.print(forCashPoint('/v1/cash/x-report?format=html', pointId))}
            busy={print.busy}
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
