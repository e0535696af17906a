/**
 * The evening's cash register journal as the Tax Administration would ask for it: the day
 * closes with a Z report, the SAF-T Cash Register file of the evening's days is downloaded
 * through the admin API, validated against the official schema, its signature chain checked
 * with the downloadable public key, and its transactions added up against the Z reports.
 */
import type { TCashReport } from '@club/shared/cash';
import {
  brokenSignatures,
  ore,
  parseSaft,
  registersOf,
  saftTotals,
  schemaErrors,
} from '../../kiosk/tests/saft-file.ts';
import { type Api, Refused, refusalKey } from './api.ts';

const clubDay = (iso: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date(iso));

async function allZReports(api: Api, admin: string): Promise<TCashReport[]> {
  const reports: TCashReport[] = [];
  for (let n = 1; ; n++) {
    try {
      reports.push((await api.get<{ report: TCashReport }>(`/v1/cash/z-report/${n}`, admin)).report);
    } catch (error) {
      if (error instanceof Refused && error.status === 404) return reports;
      throw error;
    }
  }
}

/** The Z reports added up: what the file's transactions must come to. */
function zTotals(reports: readonly TCashReport[]) {
  const sum = { sales: { count: 0, amount: 0 }, returns: { count: 0, amount: 0 } };
  const byMethod: Record<string, { count: number; amount: number }> = {};
  const byRate: Record<string, { gross: number; vat: number }> = {};
  for (const z of reports) {
    for (const part of ['sales', 'returns'] as const) {
      sum[part].count += z[part].count;
      sum[part].amount += z[part].amount;
    }
    for (const m of z.by_method) {
      const entry = byMethod[m.method] ?? { count: 0, amount: 0 };
      byMethod[m.method] = { count: entry.count + m.count, amount: entry.amount + m.amount };
    }
    for (const r of z.vat_per_rate) {
      const entry = byRate[r.vat_rate.toFixed(2)] ?? { gross: 0, vat: 0 };
      byRate[r.vat_rate.toFixed(2)] = { gross: entry.gross + r.gross, vat: entry.vat + r.vat };
    }
  }
  return { ...sum, byMethod, byRate };
}

export async function checkSaft(
  api: Api,
  admin: string,
  evening: { startedAt: string },
): Promise<{ problems: string[]; transactions: number }> {
  const problems: string[] = [];
  // the day closes here, unless it was closed already with nothing since (a close of nothing is refused)
  const closing = await api.post<{ report: TCashReport }>('/v1/cash/z-report', {}, admin).catch((error: unknown) => {
    if (refusalKey(error) === 'error.z_report_empty') return null;
    throw error;
  });
  const reports = await allZReports(api, admin);
  const close = closing ?? { report: reports.at(-1)! };
  const { public_key } = await api.get<{ public_key: string }>('/v1/cash/public-key', admin);
  const [from, to] = [clubDay(evening.startedAt), clubDay(close.report.at)];
  const res = await fetch(`${api.base}/v1/cash/saft?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  if (res.status !== 200) return { problems: [`export answered ${res.status}`], transactions: 0 };
  const xml = await res.text();
  problems.push(...(await schemaErrors(xml)).map((e) => `schema: ${e}`));
  const file = parseSaft(xml);
  problems.push(...brokenSignatures(file, public_key).map((t) => `signature of ${t} does not verify`));
  const totals = saftTotals(file);
  problems.push(...totals.mismatches);
  const expected = zTotals(reports);
  const compare = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      problems.push(`${what}: the file has ${JSON.stringify(got)}, the Z reports ${JSON.stringify(want)}`);
  };
  compare('sales', totals.sales, expected.sales);
  compare('returns', totals.returns, expected.returns);
  const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort());
  compare('per means of payment', sorted(totals.byPayment), sorted(expected.byMethod));
  compare('per VAT rate', sorted(totals.byRate), sorted(expected.byRate));
  // each Z report is in the file with what the API prints for it
  const inFile = registersOf(file).flatMap((r) => r.event.flatMap((e) => (e.eventReport ? [e.eventReport] : [])));
  for (const z of reports) {
    const report = inFile.find((r) => r.reportID === `${z.cash_point.id}-${z.number}`);
    if (!report) problems.push(`Z report ${z.number} is not in the file`);
    else
      compare(
        `Z report ${z.number} total`,
        ore(report.reportTotalCashSales.totalCashSaleAmnt),
        z.sales.amount - Math.abs(z.returns.amount),
      );
  }
  return { problems, transactions: totals.sales.count + totals.returns.count };
}
