import { CODED_COLUMNS, type TReportSection } from '@club/shared/reports';
import { pathTo } from '@club/shared/routes';
import type { TLocale } from '@club/shared/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';
import { useDownloadReportCsv } from '../api/download-report-csv.ts';
import type { ReportQuery } from '../api/get-report.ts';
import { formatValue } from '../lib/format.ts';
import { type ReportWords, useReportWords } from '../lib/report-words.ts';
import { SectionChart } from './section-chart.tsx';

type Row = TReportSection['rows'][number];

function cellText(
  row: Row,
  key: string,
  type: TReportSection['columns'][number]['type'],
  locale: TLocale,
  words: ReportWords,
) {
  const value = row[key];
  if (typeof value === 'string' && CODED_COLUMNS.has(key)) return words.value(value);
  return formatValue(value, type, locale);
}

/** A section: its chart where one suits, and always its table, with a CSV download. */
export function ReportSection({ query, section }: { query: ReportQuery; section: TReportSection }) {
  const { t } = useTranslation();
  const words = useReportWords();
  const locale = currentLocale();
  const download = useDownloadReportCsv();
  // a second tap before the button shows busy would save the file twice
  const downloadOnce = useRunOnce(download);
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
            downloadOnce(
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
