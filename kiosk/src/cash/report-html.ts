import type { TCashReport } from '@club/shared/cash';
import { translate } from '@club/shared/i18n/resources';
import type { TLocale } from '@club/shared/users';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { escapeHtml, kr, PRINT_STYLE } from './print-page.ts';

/** An X or Z report as a page to print: 80 mm thermal width, or A4. */
export function reportHtml(report: TCashReport, locale: TLocale): string {
  const t = (key: string) => escapeHtml(translate(locale, `cash.${key}`));
  const money = (ore: number) => kr(ore, locale);
  const row = (label: string, ...cells: (string | number)[]) =>
    `<tr><td>${label}</td>${cells.map((c) => `<td class="n">${c}</td>`).join('')}</tr>`;
  // every table of figures says what its columns are: count and amount after the row's name
  const head = (first: string) =>
    `<tr><th>${first}</th><th class="n">${t('count_column')}</th><th class="n">${t('amount_column')}</th></tr>`;
  const title = report.kind === 'Z' ? t('z_report') : t('x_report');
  const date = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', {
    timeZone: clubTimeZone(),
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(report.at));
  const groups = report.by_group.map((g) => row(t(`group.${g.group}`), g.count, money(g.amount))).join('');
  const methods = report.by_method
    .map((m) => row(escapeHtml(translate(locale, `cash.method.${m.method}`)), m.count, money(m.amount)))
    .join('');
  const operators = report.by_operator
    .map((o) => row(o.name ? escapeHtml(o.name) : t('no_operator'), o.count, money(o.amount)))
    .join('');
  const returnsByMethod = report.returns_by_method
    .map((m) => row(escapeHtml(translate(locale, `cash.method.${m.method}`)), m.count, money(m.amount)))
    .join('');
  const vat = report.vat_per_rate.map((v) => row(`${t('vat')} ${v.vat_rate} %`, money(v.net), money(v.vat))).join('');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${title}</title><style>${PRINT_STYLE}</style></head><body><main>
<h1>${title}${report.number === null ? '' : ` ${report.number}`}</h1>
<p>${escapeHtml(report.company_name)}</p><p>${t('org_nr')} ${escapeHtml(report.organisation_number)}</p>
<p>${t('date')}: ${escapeHtml(date)}</p>
<p>${t('cash_point')}: ${escapeHtml(report.cash_point.name)} (${report.cash_point.id})</p>
<p>${t('journal_range')} ${report.from_nr}–${report.to_nr}</p>
<table>${row(t('sales_count'), report.sales.count, money(report.sales.amount))}
${row(t('returns'), report.returns.count, money(report.returns.amount))}
<tr class="total"><td>${t('net_sales')}</td><td></td><td class="n">${money(report.net_sales)}</td></tr></table>
<h2>${t('by_group')}</h2><table>${head(t('group_column'))}${groups}</table>
<h2>${t('by_method')}</h2><table>${head(t('method_column'))}${methods}</table>
<h2>${t('by_operator')}</h2><table>${head(t('operator'))}${operators}</table>
${returnsByMethod ? `<h2>${t('returns_by_method')}</h2><table>${head(t('method_column'))}${returnsByMethod}</table>` : ''}
<table><tr><th>${t('vat')}</th><th class="n">${t('basis')}</th><th class="n">${t('vat')}</th></tr>${vat}</table>
<table>
${row(t('copies'), report.copies.count, money(report.copies.amount))}
${row(t('returns'), report.returns.count, money(report.returns.amount))}
${row(t('discounts'), report.discounts.count, money(report.discounts.amount))}
${row(t('drawer_openings'), report.drawer_openings, '')}
${row(t('cash_sales'), '', money(report.cash_sales))}
<tr class="total"><td>${t('grand_total')}</td><td></td><td class="n">${money(report.grand_total)}</td></tr>
</table>
${drawerHtml(report.drawer, t, money)}
</main></body></html>`;
}

function drawerHtml(drawer: TCashReport['drawer'], t: (key: string) => string, money: (ore: number) => string): string {
  const line = (key: string, ore: number) => `<tr><td>${t(`drawer.${key}`)}</td><td class="n">${money(ore)}</td></tr>`;
  const count = drawer.count
    ? `${line('counted', drawer.count.counted)}${line('expected_at_count', drawer.count.expected)}<tr class="total"><td>${t('drawer.difference')}</td><td class="n">${money(drawer.count.difference)}</td></tr>${
        // the count tells of the drawer as it was: cash that moved after it is not in it
        drawer.count.expected === drawer.expected
          ? ''
          : `<tr><td colspan="2">${t('drawer.moved_since_count')}</td></tr>`
      }`
    : `<tr><td>${t('drawer.not_counted')}</td><td></td></tr>`;
  return `<h2>${t('drawer.title')}</h2><table>
${line('float', drawer.float)}${line('cash_sales', drawer.cash_sales)}${line('cash_returns', -drawer.cash_returns)}${drawer.cash_rounding ? line('cash_rounding', drawer.cash_rounding) : ''}
${line('withdrawals', -drawer.withdrawals)}${line('deposits', drawer.deposits)}
<tr class="total"><td>${t('drawer.expected')}</td><td class="n">${money(drawer.expected)}</td></tr>
${count}</table>`;
}
