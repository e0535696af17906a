import { cashRounding, JOURNAL_EVENTS } from '@club/shared/cash';
import { returnWorth } from '@club/shared/orders';
import { discountShares, orderVat, vatOf } from '@club/shared/vat';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cashJournal, orderItems, orders, type RefundedLine, type refunds } from '../db/schema.ts';
import { appendJournal, type JournalRow } from './journal.ts';

/**
 * One order line's part of a return: negative, VAT included, and the VAT in it. Units that
 * came back are a return line (`quantity` of them); money given back on a line with no units
 * coming back is a price reduction (`reduction`, goodwill), spread over the lines it reduces
 * so its VAT is theirs. Returns journaled before units were kept have neither field.
 */
export interface ReturnLine {
  item_id: number;
  kind: 'game' | 'product' | 'subscription';
  vat_rate: number;
  gross: number;
  vat: number;
  /** units that came back (positive); 0 on a price reduction */
  quantity?: number;
  reduction?: boolean;
}
export interface ReturnDetail {
  refund_id: number;
  method: string;
  reason: string;
  sale_receipt_number: number | null;
  lines: ReturnLine[];
  /** given back in cash: what rounding to whole kroner added to the (negative) amount */
  rounding?: number;
}

export const returnDetail = (row: JournalRow) => row.detail as ReturnDetail;

/**
 * A refund the provider has confirmed is a return (13013): journaled and signed with
 * negative amounts, in the transaction that records the refund as done. Journaled then and
 * not when the refund is asked for, so the register's books hold only money that moved.
 * It goes to the register of the sale. A return names the units that came back (chosen
 * when the refund was asked for, kept on the refund); a price reduction is spread over the
 * order's lines in proportion to what is left of each (after earlier returns). Either way
 * returns per VAT rate and per group never pass what was sold, and the last of a line takes
 * exactly what is left of it.
 */
export async function journalReturn(tx: Executor, refund: typeof refunds.$inferSelect, actorUserId: number | null) {
  const left = await linesLeft(tx, refund.orderId);
  const lines = refund.returnLines ? returnedLines(left, refund.returnLines) : reductionLines(left, refund.amount);
  const gross = lines.reduce((s, l) => s + l.gross, 0);
  const vat = lines.reduce((s, l) => s + l.vat, 0);
  const [sale] = await tx
    .select({ nr: cashJournal.nr, cashPointId: cashJournal.cashPointId })
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, refund.orderId), eq(cashJournal.eventCode, JOURNAL_EVENTS.salesReceipt)))
    .orderBy(asc(cashJournal.id))
    .limit(1);
  const detail: ReturnDetail = {
    refund_id: refund.id,
    method: refund.method,
    reason: refund.reason,
    sale_receipt_number: sale?.nr ?? null,
    lines,
    ...(refund.method === 'cash' ? { rounding: cashRounding(gross) } : {}),
  };
  return appendJournal(
    tx,
    {
      event: JOURNAL_EVENTS.returnReceipt,
      orderId: refund.orderId,
      userId: actorUserId,
      amounts: { in: gross, ex: gross - vat },
      detail: { ...detail },
    },
    // at the register of the sale, whose day close then nets it
    sale?.cashPointId,
  );
}

/** What is left of one order line after earlier returns: øre (with the VAT in it) and units. */
export interface LineLeft {
  item: typeof orderItems.$inferSelect;
  gross: number;
  vat: number;
  units: number;
}

/** Every line of an order with what is left of it, as journaled returns have it (in line order). */
export async function linesLeft(tx: Executor, orderId: number): Promise<LineLeft[]> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const sold = orderVat(
    items.map((i) => ({ total: i.total, vat_rate: i.vatRate })),
    order?.discountAmount ?? 0,
  ).lines;
  const earlier = await tx
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, orderId), eq(cashJournal.eventCode, JOURNAL_EVENTS.returnReceipt)));
  return items.map((item, i) => {
    const back = earlier.flatMap((r) => returnDetail(r).lines).filter((l) => l.item_id === item.id);
    const gross = (sold[i]?.net_total ?? 0) + back.reduce((s, l) => s + l.gross, 0);
    const returnedUnits = back.reduce((s, l) => s + (l.reduction ? 0 : (l.quantity ?? 0)), 0);
    // a line given back in full before units were kept has none left
    const units = gross <= 0 && back.length > 0 ? 0 : Math.max(0, item.quantity - returnedUnits);
    return { item, gross, vat: (sold[i]?.vat ?? 0) + back.reduce((s, l) => s + l.vat, 0), units };
  });
}

/** The øre `quantity` units of a line give back (see `returnWorth`). */
export const unitsWorth = (line: LineLeft, quantity: number) =>
  returnWorth({ units: line.units, amount: line.gross }, quantity);

/** The VAT in `gross` øre of a line: what is left of it for its last øre, else at its rate (never more than is left). */
const vatIn = (line: LineLeft, gross: number) =>
  gross === line.gross ? line.vat : Math.min(line.vat, vatOf(gross, line.item.vatRate));

/** A return's lines: the units that came back, each for the øre reserved for them. */
function returnedLines(left: readonly LineLeft[], chosen: readonly RefundedLine[]): ReturnLine[] {
  return chosen.map((c) => {
    const line = left.find((l) => l.item.id === c.item_id);
    if (!line)
      return { item_id: c.item_id, kind: 'product', vat_rate: 0, gross: -c.gross, vat: 0, quantity: c.quantity };
    const { item } = line;
    return {
      item_id: item.id,
      kind: item.kind,
      vat_rate: item.vatRate,
      gross: -c.gross,
      vat: -vatIn(line, c.gross),
      quantity: c.quantity,
    };
  });
}

/** A price reduction's lines: the amount over what is left of each line, in proportion, each with its VAT. */
function reductionLines(left: readonly LineLeft[], amount: number): ReturnLine[] {
  const shares = discountShares(
    left.map((l) => Math.max(0, l.gross)),
    Math.min(
      amount,
      left.reduce((s, l) => s + Math.max(0, l.gross), 0),
    ),
  );
  const lines: ReturnLine[] = left.flatMap((line, i) => {
    const share = shares[i] ?? 0;
    if (share === 0) return [];
    const { item } = line;
    return [
      {
        item_id: item.id,
        kind: item.kind,
        vat_rate: item.vatRate,
        gross: -share,
        vat: -vatIn(line, share),
        quantity: 0,
        reduction: true,
      },
    ];
  });
  // an order without lines to give back on (none recorded): the books still hold what moved
  const rest = amount + lines.reduce((s, l) => s + l.gross, 0);
  if (rest > 0)
    lines.push({ item_id: 0, kind: 'product', vat_rate: 0, gross: -rest, vat: 0, quantity: 0, reduction: true });
  return lines;
}
