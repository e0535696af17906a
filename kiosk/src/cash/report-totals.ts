import { JOURNAL_EVENTS, type TCashReport } from '@club/shared/cash';
import { orderVat, type VatRateTotal } from '@club/shared/vat';
import { and, asc, eq, gte, inArray, lte, sum } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cashJournal, orderItems, orders } from '../db/schema.ts';
import { drawerTotals } from './drawer-totals.ts';
import type { JournalRow } from './journal.ts';
import { returnDetail } from './journal-return.ts';
import { salesByOperator } from './report-operators.ts';

export type ReportTotals = Omit<
  TCashReport,
  'kind' | 'number' | 'cash_point' | 'company_name' | 'organisation_number' | 'at'
>;
type Counted = Map<string, { count: number; amount: number }>;

const add = (map: Counted, key: string, amount: number, count = 1) => {
  const entry = map.get(key) ?? { count: 0, amount: 0 };
  entry.count += count;
  entry.amount += amount;
  map.set(key, entry);
};
const addVat = (map: Map<number, VatRateTotal>, rate: number, gross: number, vat: number) => {
  const entry = map.get(rate) ?? { vat_rate: rate, gross: 0, vat: 0, net: 0 };
  entry.gross += gross;
  entry.vat += vat;
  entry.net = entry.gross - entry.vat;
  map.set(rate, entry);
};
const amountOf = (list: JournalRow[]) => list.reduce((s, r) => s + (r.amountIn ?? 0), 0);

/** The journal entries from `fromNr` to `toNr` of a cash point, in order. */
export function journalRange(tx: Executor, pointId: number, fromNr: number, toNr: number) {
  return tx
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.cashPointId, pointId), gte(cashJournal.nr, fromNr), lte(cashJournal.nr, toNr)))
    .orderBy(asc(cashJournal.nr));
}

/**
 * What an X or Z report adds up over a stretch of the journal. Sales count in full; returns
 * are taken off per group, per means of payment and per VAT rate (their lines say how much
 * of each), so the net figures equal sales less refunds to the øre.
 */
export async function totalsOf(tx: Executor, pointId: number, fromNr: number, toNr: number): Promise<ReportTotals> {
  const rows = await journalRange(tx, pointId, fromNr, toNr);
  const of = (event: string) => rows.filter((r) => r.eventCode === event);
  const sales = of(JOURNAL_EVENTS.salesReceipt);
  const returns = of(JOURNAL_EVENTS.returnReceipt);
  const copies = of(JOURNAL_EVENTS.copyReceipt);
  const byGroup: Counted = new Map();
  const byMethod: Counted = new Map();
  const returnsByMethod: Counted = new Map();
  const vatByRate = new Map<number, VatRateTotal>();
  const discounts = await addSales(tx, sales, { byGroup, byMethod, vatByRate });
  for (const row of returns) {
    const detail = returnDetail(row);
    for (const line of detail.lines) {
      add(byGroup, line.kind, line.gross, 0);
      addVat(vatByRate, line.vat_rate, line.gross, line.vat);
    }
    add(byMethod, detail.method, row.amountIn ?? 0, 0);
    add(returnsByMethod, detail.method, row.amountIn ?? 0);
  }
  const [grand] = await tx
    .select({ total: sum(cashJournal.amountIn).mapWith(Number) })
    .from(cashJournal)
    .where(
      and(
        eq(cashJournal.cashPointId, pointId),
        lte(cashJournal.nr, toNr),
        inArray(cashJournal.eventCode, [JOURNAL_EVENTS.salesReceipt, JOURNAL_EVENTS.returnReceipt]),
      ),
    );
  const drawer = drawerTotals(rows);
  return {
    from_nr: fromNr,
    to_nr: toNr,
    sales: { count: sales.length, amount: amountOf(sales) },
    by_group: [...byGroup].map(([group, v]) => ({ group: group as 'game' | 'product' | 'subscription', ...v })),
    by_method: [...byMethod].map(([method, v]) => ({ method, ...v })),
    by_operator: await salesByOperator(tx, sales),
    vat_per_rate: [...vatByRate.values()].sort((a, b) => b.vat_rate - a.vat_rate),
    copies: { count: copies.length, amount: await copiesAmount(tx, copies) },
    returns: { count: returns.length, amount: amountOf(returns) },
    discounts,
    drawer_openings: of(JOURNAL_EVENTS.drawerOpen).length,
    cash_sales: drawer.cash_sales,
    grand_total: grand?.total ?? 0,
    net_sales: amountOf(sales) + amountOf(returns),
    returns_by_method: [...returnsByMethod].map(([method, v]) => ({ method, ...v })),
    drawer,
  };
}

async function addSales(
  tx: Executor,
  sales: JournalRow[],
  into: { byGroup: Counted; byMethod: Counted; vatByRate: Map<number, VatRateTotal> },
) {
  const orderIds = [...new Set(sales.map((r) => r.orderId).filter((id): id is number => id !== null))];
  const orderRows = orderIds.length ? await tx.select().from(orders).where(inArray(orders.id, orderIds)) : [];
  const items = orderIds.length ? await tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [];
  const byOrder = new Map(orderRows.map((o) => [o.id, o]));
  const discounts = { count: 0, amount: 0 };
  for (const sale of sales) {
    const order = byOrder.get(sale.orderId ?? -1);
    if (!order) continue;
    const lines = items.filter((i) => i.orderId === order.id).sort((a, b) => a.id - b.id);
    const vat = orderVat(
      lines.map((l) => ({ total: l.total, vat_rate: l.vatRate })),
      order.discountAmount,
    );
    for (const [i, line] of lines.entries()) add(into.byGroup, line.kind, vat.lines[i]?.net_total ?? 0);
    for (const rate of vat.per_rate) addVat(into.vatByRate, rate.vat_rate, rate.gross, rate.vat);
    const method = (sale.detail as { method?: string | null }).method ?? order.method ?? 'system';
    add(into.byMethod, method, sale.amountIn ?? 0);
    if (order.discountAmount > 0) {
      discounts.count++;
      discounts.amount += order.discountAmount;
    }
  }
  return discounts;
}

/** A copy of a sales receipt counts its order's total; a copy of a return receipt, the return. */
async function copiesAmount(tx: Executor, copies: JournalRow[]): Promise<number> {
  let total = 0;
  const orderIds = [...new Set(copies.map((c) => c.orderId).filter((id): id is number => id !== null))];
  const orderRows = orderIds.length ? await tx.select().from(orders).where(inArray(orders.id, orderIds)) : [];
  for (const copy of copies) {
    const detail = copy.detail as { amount?: number };
    if (typeof detail.amount === 'number') total += detail.amount;
    else total += orderRows.find((o) => o.id === copy.orderId)?.total ?? 0;
  }
  return total;
}
