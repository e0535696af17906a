import type { TReport, TReportKind, TReportSection, TReportTotal } from '@club/shared/reports';
import { pathTo } from '@club/shared/routes';
import type { TLocale } from '@club/shared/users';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import {
  ChartIcon,
  ChevronRightIcon,
  ClockIcon,
  ReceiptIcon,
  TableIcon,
  UsersIcon,
} from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { useDownloadReportCsv } from '../api/download-report-csv.ts';
import { type ReportQuery, useReport } from '../api/get-report.ts';
import { useReportUser } from '../api/get-report-user.ts';
import { formatDay, formatValue, totalType } from '../lib/format.ts';
import { type Range, resolvedRange, searchOf } from '../lib/range.ts';
import type { Datum } from './charts.tsx';
import { RangePicker, useRange } from './range-picker.tsx';
import '../../../styles/admin.css';

type Row = TReportSection['rows'][number];

// the chart library loads with the first chart, not with the reports overview
const charts = () => import('./charts.tsx');
const BarFigure = lazy(() => charts().then((m) => ({ default: m.BarFigure })));
const CompareFigure = lazy(() => charts().then((m) => ({ default: m.CompareFigure })));
const PieFigure = lazy(() => charts().then((m) => ({ default: m.PieFigure })));

/** Keeps the chart's place while the chart library loads. */
function ChartSlot({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div className="chart__canvas chart__placeholder" aria-hidden="true" />}>{children}</Suspense>
  );
}

/** Which sections are drawn, and how: the rest are tables only. */
interface ChartSpec {
  kind: 'bar' | 'hbar' | 'pie';
  label: string;
  value: string;
  /** the label is a value to translate (source, method) */
  translate?: boolean;
  /** the label is a day or an hour */
  labelAs?: 'date' | 'hour';
  /** only the first N rows (the server sorts them) */
  top?: number;
  /** leave out negative values (the discounts line of revenue by source) */
  positive?: boolean;
}

const CHARTS: Partial<Record<TReportKind, Record<string, ChartSpec>>> = {
  tables: {
    by_hour: { kind: 'bar', label: 'hour', value: 'utilisation', labelAs: 'hour' },
    by_table: { kind: 'hbar', label: 'table', value: 'utilisation' },
  },
  games: {
    length_distribution: { kind: 'bar', label: 'minutes', value: 'games' },
    by_day: { kind: 'bar', label: 'date', value: 'games', labelAs: 'date' },
  },
  kiosk: {
    by_source: { kind: 'pie', label: 'source', value: 'revenue', translate: true, positive: true },
    by_method: { kind: 'bar', label: 'method', value: 'revenue', translate: true },
    products: { kind: 'hbar', label: 'product', value: 'quantity', top: 10 },
  },
  subscriptions: {
    sold: { kind: 'hbar', label: 'subscription', value: 'hours' },
  },
  users: {
    top_spenders: { kind: 'hbar', label: 'name', value: 'total', top: 10 },
    new_by_day: { kind: 'bar', label: 'date', value: 'users', labelAs: 'date' },
  },
};

/** Text columns whose values are codes with words of their own. */
const CODED_COLUMNS = new Set(['source', 'method', 'status']);

function useWords() {
  const { t } = useTranslation();
  return {
    section: (id: string) => t(`adminConsole.reports.sections.${id}`, { defaultValue: id }),
    column: (key: string) => t(`adminConsole.reports.columns.${key}`, { defaultValue: key }),
    total: (key: TReportTotal) => t(`adminConsole.reports.totals.${key}`),
    value: (value: string) => t(`adminConsole.reports.values.${value}`, { defaultValue: value }),
    chart: (id: string) => t(`adminConsole.reports.charts.${id}`, { defaultValue: id }),
  };
}

function cellText(
  row: Row,
  key: string,
  type: TReportSection['columns'][number]['type'],
  locale: TLocale,
  words: ReturnType<typeof useWords>,
) {
  const value = row[key];
  if (typeof value === 'string' && CODED_COLUMNS.has(key)) return words.value(value);
  return formatValue(value, type, locale);
}

/** The headline figures of a report. */
function Totals({ report, busy }: { report: TReport; busy: boolean }) {
  const words = useWords();
  const locale = currentLocale();
  return (
    <dl className="totals" aria-live="polite" aria-busy={busy || undefined}>
      {(Object.entries(report.totals) as [TReportTotal, number][]).map(([key, value]) => (
        <div key={key} className="totals__item card" data-total={key}>
          <dt className="totals__label">{words.total(key)}</dt>
          <dd className="totals__value">{formatValue(value, totalType(key), locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

function SectionChart({ kind, section }: { kind: TReportKind; section: TReportSection }) {
  const { t } = useTranslation();
  const words = useWords();
  const locale = currentLocale();
  const spec = CHARTS[kind]?.[section.id];
  if (!spec || section.rows.length === 0) return null;
  const valueType = section.columns.find((c) => c.key === spec.value)?.type ?? 'int';
  const rows = section.rows.slice(0, spec.top ?? section.rows.length);
  const data: Datum[] = rows
    .map((row) => {
      const raw = row[spec.label];
      const label =
        spec.labelAs === 'hour'
          ? String(raw).padStart(2, '0')
          : spec.labelAs === 'date'
            ? formatDay(String(raw), locale, 'short')
            : spec.translate
              ? words.value(String(raw))
              : String(raw ?? '');
      return { label, value: Number(row[spec.value] ?? 0) };
    })
    .filter((d) => !spec.positive || d.value > 0);
  if (data.length === 0 || data.every((d) => d.value === 0)) {
    return <p className="muted small chart-empty">{t('adminConsole.reports.chart_empty')}</p>;
  }
  const title = words.chart(section.id);
  const summary = t('adminConsole.reports.chart_summary', { title });
  const seriesName = words.column(spec.value);
  return (
    <ChartSlot>
      {spec.kind === 'pie' ? (
        <PieFigure title={title} summary={summary} data={data} type={valueType} locale={locale} />
      ) : (
        <BarFigure
          title={title}
          summary={summary}
          data={data}
          type={valueType}
          locale={locale}
          horizontal={spec.kind === 'hbar'}
          seriesName={seriesName}
        />
      )}
    </ChartSlot>
  );
}

/** A section: its chart where one suits, and always its table, with a CSV download. */
function ReportSection({ query, section }: { query: ReportQuery; section: TReportSection }) {
  const { t } = useTranslation();
  const words = useWords();
  const locale = currentLocale();
  const download = useDownloadReportCsv();
  const title = words.section(section.id);
  const captionId = `section-${section.id}-caption`;

  return (
    <section className="report-section card" aria-labelledby={`section-${section.id}`}>
      <div className="report-section__head">
        <h2 id={`section-${section.id}`} className="report-section__title">
          {title}
        </h2>
        <Button
          variant="secondary"
          className="button--small"
          busy={download.isPending}
          aria-label={t('adminConsole.reports.csv_named', { name: title })}
          onClick={() =>
            download.mutate(
              { ...query, section: section.id },
              {
                onSuccess: (name) => notifySuccess(t('adminConsole.reports.downloaded', { name })),
                onError: () => notifyError(t('adminConsole.reports.download_failed')),
              },
            )
          }
        >
          {t('adminConsole.reports.csv')}
        </Button>
      </div>
      <SectionChart kind={query.kind} section={section} />
      {section.rows.length === 0 ? (
        <p className="muted small">{t('adminConsole.reports.no_rows')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; the keyboard must reach it
        <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
          <table className="data-table">
            <caption id={captionId} className="visually-hidden">
              {t('adminConsole.reports.table_caption', { name: title })}
            </caption>
            <thead>
              <tr>
                {section.columns.map((c) => (
                  <th key={c.key} scope="col" className={c.type === 'text' || c.type === 'date' ? undefined : 'num'}>
                    {words.column(c.key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; their order is the report's
                <tr key={i}>
                  {section.columns.map((c, j) => {
                    const text = cellText(row, c.key, c.type, locale, words);
                    const className = c.type === 'text' || c.type === 'date' ? undefined : 'num';
                    if (query.kind === 'users' && c.key === 'name' && typeof row.user_id === 'number') {
                      return (
                        <td key={c.key} className={className}>
                          <Link to={pathTo('admin.reports.user', { id: row.user_id })} className="link">
                            {text}
                          </Link>
                        </td>
                      );
                    }
                    return j === 0 ? (
                      <th key={c.key} scope="row" className={className}>
                        {text}
                      </th>
                    ) : (
                      <td key={c.key} className={className}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

/** Subscriptions: hours sold, used and still outstanding, side by side. */
function HoursChart({ report }: { report: TReport }) {
  const { t } = useTranslation();
  const words = useWords();
  const locale = currentLocale();
  const keys = (['hours_sold', 'hours_used', 'hours_outstanding'] as const).filter((k) => k in report.totals);
  if (keys.length === 0) return null;
  const data = keys.map((k) => ({ label: words.total(k), value: report.totals[k] ?? 0 }));
  const title = t('adminConsole.reports.charts.hours');
  return (
    <div className="card report-section">
      <ChartSlot>
        <CompareFigure
          title={title}
          summary={t('adminConsole.reports.chart_summary_totals', {
            title,
            values: data.map((d) => `${d.label}: ${formatValue(d.value, 'hours', locale)}`).join(', '),
          })}
          data={data}
          type="hours"
          locale={locale}
        />
      </ChartSlot>
    </div>
  );
}

/** One report for the chosen period: totals, then each section. */
function ReportView({
  kind,
  title,
  subtitle,
  userId,
  extra,
}: {
  kind: TReportKind;
  title: string;
  subtitle: string;
  userId?: number;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useRange();
  const query = queryOf(kind, range, userId);
  const report = useReport(query, range.from <= range.to);
  const shown = resolvedRange(range, report.data);

  return (
    <Page
      title={title}
      subtitle={subtitle}
      wide
      back={{ to: `${pathTo('admin.reports')}${searchOf(range)}`, label: t('reports.title') }}
    >
      <RangePicker range={shown} onChange={setRange} />
      {extra}
      {range.from > range.to ? (
        <ErrorState text={t('adminConsole.reports.bad_range')} />
      ) : report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorState onRetry={() => void report.refetch()} />
      ) : (
        <div className="report" aria-busy={report.isPlaceholderData || undefined}>
          <Totals report={report.data} busy={report.isPlaceholderData} />
          {kind === 'subscriptions' && <HoursChart report={report.data} />}
          {report.data.sections.map((section) => (
            <ReportSection key={section.id} query={query} section={section} />
          ))}
          <p className="muted small">{t('adminConsole.reports.time_zone', { zone: report.data.time_zone })}</p>
        </div>
      )}
    </Page>
  );
}

function queryOf(kind: TReportKind, range: Range, userId?: number): ReportQuery {
  const preset = range.preset === 'custom' ? undefined : range.preset;
  return { kind, from: range.from, to: range.to, range: preset, ...(userId ? { userId } : {}) };
}

/** The period's headline: money in, how busy the tables were. */
function Headline({ range }: { range: Range }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const words = useWords();
  const ok = range.from <= range.to;
  const kiosk = useReport(queryOf('kiosk', range), ok);
  const tables = useReport(queryOf('tables', range), ok);
  const figures: { key: TReportTotal; value: number | undefined }[] = [
    { key: 'revenue', value: kiosk.data?.totals.revenue },
    { key: 'table_time', value: kiosk.data?.totals.table_time },
    { key: 'utilisation', value: tables.data?.totals.utilisation },
    { key: 'games', value: tables.data?.totals.games },
  ];
  if (!ok) return <ErrorState text={t('adminConsole.reports.bad_range')} />;
  if (kiosk.isError || tables.isError) return null;
  return (
    <dl className="totals" aria-live="polite" aria-label={t('adminConsole.reports.headline')}>
      {figures.map((f) => (
        <div key={f.key} className="totals__item card" data-total={f.key}>
          <dt className="totals__label">{words.total(f.key)}</dt>
          <dd className="totals__value">
            {f.value === undefined ? <span className="skeleton" /> : formatValue(f.value, totalType(f.key), locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** `/admin/reports`: pick a period, see the headline, open a report. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useRange();
  const search = searchOf(range);
  // the headline's kiosk report says which days a preset is on the club's calendar
  const kiosk = useReport(queryOf('kiosk', range), range.from <= range.to);
  const reports = [
    {
      to: pathTo('admin.reports.tables'),
      icon: <TableIcon />,
      label: t('reports.tables'),
      hint: t('adminConsole.reports.hint_tables'),
    },
    {
      to: pathTo('admin.reports.games'),
      icon: <ChartIcon />,
      label: t('reports.games'),
      hint: t('adminConsole.reports.hint_games'),
    },
    {
      to: pathTo('admin.reports.kiosk'),
      icon: <ReceiptIcon />,
      label: t('adminConsole.reports.kiosk_title'),
      hint: t('adminConsole.reports.hint_kiosk'),
    },
    {
      to: pathTo('admin.reports.subscriptions'),
      icon: <ClockIcon />,
      label: t('reports.subscriptions'),
      hint: t('adminConsole.reports.hint_subscriptions'),
    },
    {
      to: pathTo('admin.reports.users'),
      icon: <UsersIcon />,
      label: t('reports.users'),
      hint: t('adminConsole.reports.hint_users'),
    },
  ];
  return (
    <Page title={t('reports.title')} subtitle={t('adminConsole.reports.subtitle')} wide>
      <RangePicker range={resolvedRange(range, kiosk.data)} onChange={setRange} />
      <Headline range={range} />
      <ul className="report-cards">
        {reports.map((r) => (
          <li key={r.to}>
            <Link to={`${r.to}${search}`} className="card report-card">
              <span className="menu__icon">{r.icon}</span>
              <span className="menu__text">
                <span className="menu__label">{r.label}</span>
                <span className="menu__hint">{r.hint}</span>
              </span>
              <ChevronRightIcon />
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted small">
        {t('adminConsole.reports.one_user_note')}{' '}
        <Link to={pathTo('admin.users')} className="link">
          {t('admin.users.title')}
        </Link>
      </p>
    </Page>
  );
}

export function TablesReportPage() {
  const { t } = useTranslation();
  return <ReportView kind="tables" title={t('reports.tables')} subtitle={t('adminConsole.reports.hint_tables')} />;
}

export function GamesReportPage() {
  const { t } = useTranslation();
  return <ReportView kind="games" title={t('reports.games')} subtitle={t('adminConsole.reports.hint_games')} />;
}

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

export function UsersReportPage() {
  const { t } = useTranslation();
  return <ReportView kind="users" title={t('reports.users')} subtitle={t('adminConsole.reports.hint_users')} />;
}

export function UserReportPage() {
  const { t } = useTranslation();
  const rawId = useParams().id ?? '';
  const id = Number(rawId);
  const user = useReportUser(id);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Page title={t('reports.user', { id: rawId })} back={{ to: pathTo('admin.reports'), label: t('reports.title') }}>
        <EmptyState title={t('error.user_not_found')} />
      </Page>
    );
  }
  const name = user.data ? `${user.data.name} ${user.data.surname}` : t('reports.user', { id });
  return (
    <ReportView
      kind="user"
      userId={id}
      title={name}
      subtitle={t('reports.user_hint')}
      extra={
        user.data && (
          <p className="small">
            <Link to={pathTo('admin.users.edit', { id })} className="link">
              {t('adminConsole.reports.to_user', { name })}
            </Link>
          </p>
        )
      }
    />
  );
}
