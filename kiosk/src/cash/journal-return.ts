import { JOURNAL_EVENTS } from '@club/shared/cash';
import { discountShares, orderVat, vatOf } from '@club/shared/vat';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cashJournal, orderItems, orders, type refunds } from '../db/schema.ts';
import { appendJournal, type JournalRow } from './journal.ts';

/** One order line's part of a return: negative, VAT included, and the VAT in it. */
export interface ReturnLine {
  item_id: number;
  kind: 'game' | 'product' | 'subscription';
  vat_rate: number;
  gross: number;
  vat: number;
}
export interface ReturnDetail {
  refund_id: number;
  method: string;
  reason: string;
  sale_receipt_number: number | null;
  lines: ReturnLine[];
}

export const returnDetail = (row: JournalRow) => row.detail as ReturnDetail;

/**
 * A refund the provider has confirmed is a return (13013): journaled and signed with
 * negative amounts, in the transaction that records the refund as done. Journaled then and
 * not when the refund is asked for, so the register's books hold only money that moved.
 * It goes to the register of the sale. The amount is spread over the order's lines in proportion to what is left of each (after
 * earlier returns), so returns per VAT rate and per group never pass what was sold, and a
 * refund of all that is left takes exactly what is left of every line.
 */
export async function journalReturn(tx: Executor, refund: typeof refunds.$inferSelect, actorUserId: number | null) {
  const lines = await returnLines(tx, refund.orderId, refund.amount);
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

async function returnLines(tx: Executor, orderId: number, amount: number): Promise<ReturnLine[]> {
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
  const left = items.map((item, i) => {
    const back = earlier.flatMap((r) => returnDetail(r).lines).filter((l) => l.item_id === item.id);
    return {
      item,
      gross: (sold[i]?.net_total ?? 0) + back.reduce((s, l) => s + l.gross, 0),
      vat: (sold[i]?.vat ?? 0) + back.reduce((s, l) => s + l.vat, 0),
    };
  });
  const shares = discountShares(
    left.map((l) => Math.max(0, l.gross)),
    Math.min(
      amount,
      left.reduce((s, l) => s + Math.max(0, l.gross), 0),
    ),
  );
  const lines: ReturnLine[] = left.flatMap(({ item, gross, vat }, i) => {
    const share = shares[i] ?? 0;
    if (share === 0) return [];
    const lineVat = share === gross ? vat : Math.min(vat, vatOf(share, item.vatRate));
    return [{ item_id: item.id, kind: item.kind, vat_rate: item.vatRate, gross: -share, vat: -lineVat }];
  });
  // an order without lines to give back on (none recorded): the books still hold what moved
  const rest = amount + lines.reduce((s, l) => s + l.gross, 0);
  if (rest > 0) lines.push({ item_id: 0, kind: 'product', vat_rate: 0, gross: -rest, vat: 0 });
  return lines;
}
