import { translate } from '@club/shared/i18n/resources';
import { CODED_COLUMNS, reportCodeKeys, type TCsvDialect, type TReportSection } from '@club/shared/reports';
import type { TLocale } from '@club/shared/users';

/**
 * One table of a report as a CSV file, in two dialects:
 * - `excel` (default): what a spreadsheet opens right in the user's language — a UTF-8 byte
 *   order mark (else Excel reads æøå as Latin-1), headers and codes in words, kroner with the
 *   language's decimal mark, and in Norwegian `;` between cells (Norwegian Excel's list
 *   separator: with `,` the whole row lands in one column);
 * - `rfc4180`: for programs — `,`, the column keys as headers, øre and codes as they are.
 *
 * In both, a text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage
 * return first) gets a leading `'` (OWASP CSV injection): names and e-mails are typed by members.
 */
export function reportCsv(section: TReportSection, options: { dialect: TCsvDialect; locale: TLocale }): string {
  const excel = options.dialect === 'excel';
  const separator = excel && options.locale === 'nb' ? ';' : ',';
  // `translate` answers a key it has no text for with the key itself
  const wordsOf = (ids: string[], fallback: string) =>
    ids.map((id) => [id, translate(options.locale, id)]).find(([id, text]) => text !== id)?.[1] ?? fallback;
  const quoted = (text: string) =>
    text.includes(separator) || /["\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  const cell = (value: string | number | null | undefined) => {
    if (value === null || value === undefined) return '';
    return quoted(typeof value === 'number' ? String(value) : neutraliseFormula(value));
  };
  const value = (raw: string | number | null | undefined, column: TReportSection['columns'][number]) => {
    if (!excel || raw === null || raw === undefined) return cell(raw);
    if (typeof raw === 'string') return cell(CODED_COLUMNS.has(column.key) ? wordsOf(reportCodeKeys(raw), raw) : raw);
    // a number written here is never a formula: a `'` before `-12,00` would make it text that does not add up
    if (column.type === 'money') return quoted(decimal(raw / 100, 2, options.locale));
    if (column.type === 'percent') return quoted(decimal(raw, 1, options.locale));
    return cell(raw);
  };

  const head = section.columns
    .map((c) => cell(excel ? wordsOf([`adminConsole.reports.columns.${c.key}`], c.key) : c.key))
    .join(separator);
  const body = section.rows.map((row) => section.columns.map((c) => value(row[c.key], c)).join(separator));
  return `${excel ? BOM : ''}${[head, ...body].join('\r\n')}\r\n`;
}

const BOM = '\uFEFF';

/** A text a spreadsheet would read as a formula, made plain text with a leading `'`. */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** `1234,5` / `1234.5`: no thousands separator, so every spreadsheet reads it as a number. */
function decimal(value: number, digits: number, locale: TLocale): string {
  const text = value.toFixed(digits);
  return locale === 'nb' ? text.replace('.', ',') : text;
}
