import { JOURNAL_EVENTS, type TCashReport } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { orderVat, type VatRateTotal } from '@club/shared/vat';
import { and, desc, eq, gt, inArray, lte, max, sql, sum } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { cashJournal, cashPoints, orderItems, orders } from '../db/schema.ts';
import { getClubDetails } from '../settings/club-details.ts';
import { appendJournal, defaultCashPoint, type JournalRow } from './journal.ts';
import { salesByOperator } from './report-operators.ts';

type Totals = Omit<TCashReport, 'kind' | 'number' | 'cash_point' | 'company_name' | 'organisation_number' | 'at'>;

const add = (map: Map<string, { count: number; amount: number }>, key: string, amount: number) => {
  const entry = map.get(key) ?? { count: 0, amount: 0 };
  entry.count++;
  entry.amount += amount;
  map.set(key, entry);
};

/** What a report covers: the journal after the previous Z report, up to its last entry. */
async function coveredRange(tx: Executor, pointId: number) {
  const [lastZ] = await tx
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.cashPointId, pointId), eq(cashJournal.eventCode, JOURNAL_EVENTS.zReport)))
    .orderBy(desc(cashJournal.nr))
    .limit(1);
  const [last] = await tx
    .select({ nr: max(cashJournal.nr) })
    .from(cashJournal)
    .where(eq(cashJournal.cashPointId, pointId));
  const previous = (lastZ?.detail as { number?: number } | undefined)?.number ?? 0;
  return { fromNr: (lastZ?.nr ?? 0) + 1, toNr: last?.nr ?? 0, nextNumber: previous + 1 };
}

async function totalsOf(tx: Executor, pointId: number, fromNr: number, toNr: number): Promise<Totals> {
  const rows = await tx
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.cashPointId, pointId), gt(cashJournal.nr, fromNr - 1), lte(cashJournal.nr, toNr)));
  const sales = rows.filter((r) => r.eventCode === JOURNAL_EVENTS.salesReceipt);
  const returns = rows.filter((r) => r.eventCode === JOURNAL_EVENTS.returnReceipt);
  const copies = rows.filter((r) => r.eventCode === JOURNAL_EVENTS.copyReceipt);
  const orderIds = [...new Set([...sales, ...copies].map((r) => r.orderId).filter((id): id is number => id !== null))];
  const orderRows = orderIds.length ? await tx.select().from(orders).where(inArray(orders.id, orderIds)) : [];
  const items = orderIds.length ? await tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [];
  const byOrder = new Map(orderRows.map((o) => [o.id, o]));
  const byGroup = new Map<string, { count: number; amount: number }>();
  const byMethod = new Map<string, { count: number; amount: number }>();
  const vatByRate = new Map<number, VatRateTotal>();
  const discounts = { count: 0, amount: 0 };
  for (const sale of sales) {
    const order = byOrder.get(sale.orderId ?? -1);
    if (!order) continue;
    const lines = items.filter((i) => i.orderId === order.id).sort((a, b) => a.id - b.id);
    const vat = orderVat(
      lines.map((l) => ({ total: l.total, vat_rate: l.vatRate })),
      order.discountAmount,
    );
    for (const [i, line] of lines.entries()) add(byGroup, line.kind, vat.lines[i]?.net_total ?? 0);
    for (const rate of vat.per_rate) {
      const entry = vatByRate.get(rate.vat_rate) ?? { vat_rate: rate.vat_rate, gross: 0, vat: 0, net: 0 };
      entry.gross += rate.gross;
      entry.vat += rate.vat;
      entry.net += rate.net;
      vatByRate.set(rate.vat_rate, entry);
    }
    add(byMethod, order.method ?? 'system', sale.amountIn ?? 0);
    if (order.discountAmount > 0) {
      discounts.count++;
      discounts.amount += order.discountAmount;
    }
  }
  const amountOf = (list: JournalRow[]) => list.reduce((s, r) => s + (r.amountIn ?? 0), 0);
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
  return {
    from_nr: fromNr,
    to_nr: toNr,
    sales: { count: sales.length, amount: amountOf(sales) },
    by_group: [...byGroup].map(([group, v]) => ({ group: group as 'game' | 'product' | 'subscription', ...v })),
    by_method: [...byMethod].map(([method, v]) => ({ method, ...v })),
    by_operator: await salesByOperator(tx, sales),
    vat_per_rate: [...vatByRate.values()].sort((a, b) => b.vat_rate - a.vat_rate),
    copies: {
      count: copies.length,
      amount: copies.reduce((s, r) => s + (byOrder.get(r.orderId ?? -1)?.total ?? 0), 0),
    },
    returns: { count: returns.length, amount: amountOf(returns) },
    discounts,
    drawer_openings: 0,
    cash_sales: byMethod.get('cash')?.amount ?? 0,
    grand_total: grand?.total ?? 0,
  };
}

/**
 * An X report (13008) or the day close, a Z report (13009). The cash point is locked for
 * the transaction, so of two concurrent Z requests the second covers only what came after
 * the first; the Z's number and range live in its own journal entry, which nobody can change.
 */
export function cashReport(db: Db, kind: 'X' | 'Z', userId: number): Promise<TCashReport> {
  return db.transaction(async (tx) => {
    const point = await defaultCashPoint(tx);
    await tx.select({ id: cashPoints.id }).from(cashPoints).where(eq(cashPoints.id, point.id)).for('update');
    const range = await coveredRange(tx, point.id);
    const totals = await totalsOf(tx, point.id, range.fromNr, range.toNr);
    const number = kind === 'Z' ? range.nextNumber : null;
    await appendJournal(
      tx,
      {
        event: kind === 'Z' ? JOURNAL_EVENTS.zReport : JOURNAL_EVENTS.xReport,
        userId,
        detail: { number, from_nr: range.fromNr, to_nr: range.toNr, grand_total: totals.grand_total },
      },
      point.id,
    );
    const club = await getClubDetails(tx);
    return {
      kind,
      number,
      cash_point: { id: point.id, name: point.name },
      company_name: club.company_name,
      organisation_number: club.organisation_number,
      at: clock.now().toISOString(),
      ...totals,
    };
  });
}

/** A Z report printed again: its stored range, added up as when it was made. */
export async function storedZReport(db: Db, number: number): Promise<TCashReport> {
  const point = await defaultCashPoint(db);
  const [z] = await db
    .select()
    .from(cashJournal)
    .where(
      and(
        eq(cashJournal.cashPointId, point.id),
        eq(cashJournal.eventCode, JOURNAL_EVENTS.zReport),
        sql`(${cashJournal.detail}->>'number')::int = ${number}`,
      ),
    );
  if (!z) throw new AppError('error.not_found');
  const range = z.detail as { from_nr: number; to_nr: number };
  const club = await getClubDetails(db);
  return {
    kind: 'Z',
    number,
    cash_point: { id: point.id, name: point.name },
    company_name: club.company_name,
    organisation_number: club.organisation_number,
    at: z.at.toISOString(),
    ...(await totalsOf(db, point.id, range.from_nr, range.to_nr)),
  };
}
