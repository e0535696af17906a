import type { TCashReport } from '@club/shared/cash';
import { describe, expect, it } from 'vitest';
import { reportHtml } from './report-html.ts';

const none = { count: 0, amount: 0 };
/** A day with one return of kr 25,00 in cash and nothing taken out of the drawer. */
const report: TCashReport = {
  kind: 'Z',
  number: 3,
  cash_point: { id: 1, name: 'Kasse 1' },
  company_name: 'Cue Club AS',
  organisation_number: '999999999',
  at: '2026-11-27T21:00:00.000Z',
  from_nr: 10,
  to_nr: 14,
  sales: { count: 2, amount: 10_000 },
  by_group: [{ group: 'product', count: 2, amount: 7_500 }],
  by_method: [{ method: 'cash', count: 2, amount: 7_500 }],
  by_operator: [{ user_id: null, name: '', count: 2, amount: 7_500 }],
  vat_per_rate: [{ vat_rate: 25, gross: 7_500, vat: 1_500, net: 6_000 }],
  copies: none,
  returns: { count: 1, amount: -2_500 },
  discounts: none,
  drawer_openings: 0,
  cash_sales: 10_000,
  grand_total: 50_000,
  net_sales: 7_500,
  returns_by_method: [{ method: 'cash', count: 1, amount: -2_500 }],
  drawer: {
    float: 50_000,
    cash_sales: 10_000,
    cash_returns: 2_500,
    cash_rounding: 0,
    withdrawals: 0,
    deposits: 0,
    expected: 57_500,
    count: null,
  },
};

const cells = (html: string) => [...html.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g)].map((m) => m[1] ?? '');

describe('the printed X/Z report', () => {
  it.each(['nb', 'en'] as const)('writes every negative amount with the minus sign and no −0,00 (%s)', (locale) => {
    const html = reportHtml(report, locale);
    const amounts = cells(html).filter((c) => /\d[.,]\d\d$/.test(c));
    expect(amounts.length).toBeGreaterThan(10);
    // a hyphen before a figure is a different sign from the minus the other lines use
    expect(amounts.filter((c) => c.startsWith('-'))).toEqual([]);
    expect(amounts).toContain(locale === 'nb' ? '−25,00' : '−25.00');
    expect(amounts.filter((c) => /^−0[.,]00$/.test(c))).toEqual([]);
  });

  it('gives each table of figures its column headers, the VAT in a table of its own', () => {
    const html = reportHtml(report, 'nb');
    expect(html).toContain('<tr><th>Betalingsmiddel</th><th class="n">Antall</th><th class="n">Beløp</th></tr>');
    expect(html).toContain('<tr><th>Varegruppe</th>');
    expect(html).toMatch(
      /<table><tr><th>MVA<\/th><th class="n">Grunnlag<\/th><th class="n">MVA<\/th><\/tr><tr><td>MVA 25 %<\/td>/,
    );
  });
});
