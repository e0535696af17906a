import { JOURNAL_EVENTS, type TReceipt } from '@club/shared/cash';
import { AppError } from '@club/shared/errors';
import { orderVat } from '@club/shared/vat';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cashJournal, cashPoints, orderItems, receiptPrints } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { readOrder } from '../orders/manage-orders.ts';
import { getClubDetails } from '../settings/club-details.ts';
import { appendJournal } from './journal.ts';
import { journalOperatorName } from './operator-pins.ts';
import { registrar } from './operator-sessions.ts';

/**
 * Prints an order's sales receipt (its owner or an admin). The first print is the original;
 * every later one is a copy ("KOPI"), counted and journaled (13014) in the same transaction.
 */
export function printReceipt(db: Db, by: AuthInfo, orderId: number): Promise<TReceipt> {
  return db.transaction(async (tx) => {
    const order = await readOrder(tx, by, orderId);
    const [sale] = await tx
      .select({ journal: cashJournal, point: cashPoints })
      .from(cashJournal)
      .innerJoin(cashPoints, eq(cashPoints.id, cashJournal.cashPointId))
      .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, JOURNAL_EVENTS.salesReceipt)))
      .orderBy(asc(cashJournal.id))
      .limit(1);
    if (!sale) throw new AppError('error.receipt_not_found');
    const [printed] = await tx
      .insert(receiptPrints)
      .values({ orderId: order.id, count: 1 })
      .onConflictDoUpdate({ target: receiptPrints.orderId, set: { count: sql`${receiptPrints.count} + 1` } })
      .returning({ count: receiptPrints.count });
    const printNumber = printed?.count ?? 1;
    if (printNumber > 1)
      await appendJournal(
        tx,
        {
          event: JOURNAL_EVENTS.copyReceipt,
          orderId: order.id,
          userId: (await registrar(tx, by)).actorUserId,
          detail: { receipt_number: sale.journal.nr, print_number: printNumber },
        },
        sale.point.id,
      );
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const vat = orderVat(
      items.map((i) => ({ total: i.total, vat_rate: i.vatRate })),
      order.discountAmount,
    );
    const club = await getClubDetails(tx);
    return {
      order_id: order.id,
      receipt_number: sale.journal.nr,
      cash_point: { id: sale.point.id, name: sale.point.name },
      company_name: club.company_name,
      organisation_number: club.organisation_number,
      address: club.address,
      vat_registered: club.vat_registered,
      date: sale.journal.at.toISOString(),
      lines: items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unit_price: i.unitPrice,
        total: i.total,
        vat_rate: i.vatRate,
        vat: i.vat,
      })),
      subtotal: order.subtotal,
      discount_amount: order.discountAmount,
      total: order.total,
      vat_per_rate: vat.per_rate,
      method: order.method,
      operator: await journalOperatorName(tx, sale.journal.userId),
      print_number: printNumber,
      copy: printNumber > 1,
      kind: 'sale',
      sale_receipt_number: null,
      reason: null,
    };
  });
}
