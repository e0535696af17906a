/**
 * The evening's day close: the Z report is made through the admin API and checked against
 * the evening's orders, payments and refunds as the admin API shows them, to the øre: sales
 * and returns, net per means of payment, gross, VAT and net per VAT rate (the sales' VAT from
 * the order lines, the returns' from their return receipts), groups, grand total and the
 * drawer. The club had no sales before the evening, so the first Z covers all of them.
 */
import type { TCashReport, TReceipt } from '@club/shared/cash';
import type { TOrder, TOrderDetail } from '@club/shared/orders';
import { orderVat } from '@club/shared/vat';
import type { Api } from './api.ts';

const SOLD = ['paid', 'approved', 'refunded'];

type PerRate = Map<number, { gross: number; vat: number }>;
const addRate = (m: PerRate, rate: number, gross: number, vat: number) => {
  const e = m.get(rate) ?? { gross: 0, vat: 0 };
  e.gross += gross;
  e.vat += vat;
  m.set(rate, e);
};
const addTo = (m: Map<string, number>, key: string, amount: number) => m.set(key, (m.get(key) ?? 0) + amount);

async function allOrders(api: Api, admin: string): Promise<TOrderDetail[]> {
  const orders: TOrder[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<{ data: TOrder[]; last_page: number }>(`/v1/order/all?page=${page}`, admin);
    orders.push(...answer.data);
    if (page >= answer.last_page) break;
  }
  const details: TOrderDetail[] = [];
  for (const o of orders.filter((x) => SOLD.includes(x.status))) {
    details.push((await api.get<{ order: TOrderDetail }>(`/v1/order/${o.id}`, admin)).order);
  }
  return details;
}

export async function reconcileZ(api: Api, admin: string): Promise<{ report: TCashReport; problems: string[] }> {
  const problems: string[] = [];
  const problem = (line: string) => problems.push(line);
  const sold = await allOrders(api, admin);
  const inBy = new Map<string, number>();
  const netBy = new Map<string, number>();
  const byGroup = new Map<string, number>();
  const perRate: PerRate = new Map();
  let moneyIn = 0;
  let back = 0;
  let returns = 0;
  for (const o of sold) {
    const method = o.method ?? 'system';
    moneyIn += o.total;
    addTo(inBy, method, o.total);
    addTo(netBy, method, o.total);
    const vat = orderVat(
      o.items.map((i) => ({ total: i.total, vat_rate: i.vat_rate })),
      o.discount_amount,
    );
    for (const [i, line] of vat.lines.entries()) {
      const item = o.items[i]!;
      if (item.vat !== line.vat)
        problem(`order ${o.id}: line ${item.id} stores VAT ${item.vat}, its share says ${line.vat}`);
      addRate(perRate, line.vat_rate, line.net_total, line.vat);
      addTo(byGroup, item.kind, line.net_total);
    }
    for (const r of o.refunds.filter((x) => x.state === 'SUCCEEDED')) {
      returns++;
      back += r.amount;
      addTo(netBy, method, -r.amount);
      if (r.receipt_number === null) {
        problem(`order ${o.id}: refund ${r.id} has no return receipt`);
        continue;
      }
      const { receipt } = await api.get<{ receipt: TReceipt }>(`/v1/receipt/${o.id}/return/${r.receipt_number}`, admin);
      if (receipt.kind !== 'return' || receipt.total !== -r.amount)
        problem(`order ${o.id}: return receipt ${r.receipt_number} says ${receipt.total}, refunded ${r.amount}`);
      for (const v of receipt.vat_per_rate) addRate(perRate, v.vat_rate, v.gross, v.vat);
      // a return takes from the groups what it says (a price reduction's line may span two)
      for (const { group, amount } of receipt.by_group ?? []) addTo(byGroup, group, amount);
      const taken = (receipt.by_group ?? []).reduce((sum, g) => sum + g.amount, 0);
      if (taken !== receipt.total)
        problem(
          `order ${o.id}: return receipt ${r.receipt_number} takes ${taken} from its groups, totals ${receipt.total}`,
        );
    }
  }

  const report = (await api.post<{ report: TCashReport }>('/v1/cash/z-report', {}, admin)).report;
  const expect = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      problem(`Z ${what}: ${JSON.stringify(got)}, the orders say ${JSON.stringify(want)}`);
  };
  expect('sales', report.sales, { count: sold.length, amount: moneyIn });
  expect('returns', report.returns, { count: returns, amount: -back });
  expect('net sales', report.net_sales, moneyIn - back);
  expect('grand total', report.grand_total, moneyIn - back);
  const methods = [...new Set([...netBy.keys(), ...report.by_method.map((m) => m.method)])].sort();
  expect(
    'net per means of payment',
    methods.map((m) => [m, report.by_method.find((x) => x.method === m)?.amount ?? 0]),
    methods.map((m) => [m, netBy.get(m) ?? 0]),
  );
  const rates = [...perRate.keys()].sort((a, b) => b - a);
  expect(
    'per VAT rate',
    report.vat_per_rate.map((v) => [v.vat_rate, v.gross, v.vat, v.net]),
    rates.map((r) => {
      const e = perRate.get(r)!;
      return [r, e.gross, e.vat, e.gross - e.vat];
    }),
  );
  const groups = [...byGroup.keys()].sort();
  expect(
    'per group',
    groups.map((g) => [g, report.by_group.find((x) => x.group === g)?.amount ?? 0]),
    groups.map((g) => [g, byGroup.get(g) ?? 0]),
  );
  const cash = inBy.get('cash') ?? 0;
  if (report.drawer.cash_sales !== cash) problem(`Z cash sales ${report.drawer.cash_sales}, the orders say ${cash}`);
  return { report, problems };
}
