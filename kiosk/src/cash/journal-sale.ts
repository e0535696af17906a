import { cashRounding, JOURNAL_EVENTS } from '@club/shared/cash';
import { eq, sum } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orderItems, type orders } from '../db/schema.ts';
import { appendJournal, type JournalRow } from './journal.ts';

/** What rounding cash to whole kroner added to a sale's or return's amount (0: not cash). */
export const cashRoundingOf = (row: Pick<JournalRow, 'detail'>): number =>
  (row.detail as { rounding?: number }).rounding ?? 0;

/**
 * A paid or approved order is a sale: journaled (13012) and signed with its amount with and
 * without VAT, in the same transaction as the status change. Its journal number is the
 * receipt's number. Paid in cash, it also names what the drawer took by rounding to whole
 * kroner, so the drawer, the receipt and SAF-T read it from the journal.
 */
export async function journalSale(
  tx: Executor,
  order: typeof orders.$inferSelect,
  actorUserId: number | null,
  cashPointId?: number,
) {
  const [vat] = await tx
    .select({ total: sum(orderItems.vat).mapWith(Number) })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const amountIn = order.total;
  return appendJournal(
    tx,
    {
      event: JOURNAL_EVENTS.salesReceipt,
      orderId: order.id,
      userId: actorUserId,
      amounts: { in: amountIn, ex: amountIn - (vat?.total ?? 0) },
      detail: {
        method: order.method,
        status: order.status,
        ...(order.method === 'cash' ? { rounding: cashRounding(amountIn) } : {}),
      },
    },
    cashPointId,
  );
}
