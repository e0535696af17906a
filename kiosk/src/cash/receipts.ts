import { JOURNAL_EVENTS, type TReceipt } from '@club/shared/cash';
import { AppError } from '@club/shared/errors';
import { orderVat } from '@club/shared/vat';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { cashJournal, cashPoints, orderItems } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { readOrder } from '../orders/owned-order.ts';
import { clubDetails } from '../settings/club-settings.ts';
import { cashRoundingOf } from './journal-sale.ts';
import { journalOperatorName } from './operator-pins.ts';
import { journalCopy, type PrintMode, printSale } from './receipt-prints.ts';

/**
 * An order's sales receipt (its owner or an admin). The first look at it is the original;
 * later looks show it as a copy ("KOPI") without counting it; a copy made on purpose
 * (`mode: 'copy'`) is counted and journaled (13014) in the same transaction.
 */
export function printReceipt(db: Db, by: AuthInfo, orderId: number, mode: PrintMode): Promise<TReceipt> {
  return db.transaction((tx) => receiptIn(tx, by, orderId, mode));
}

/** `printReceipt` in the caller's transaction (a copy by e-mail is journaled with its mail). */
export async function receiptIn(tx: Executor, by: AuthInfo, orderId: number, mode: PrintMode): Promise<TReceipt> {
  const order = await readOrder(tx, by, orderId);
  const [sale] = await tx
    .select({ journal: cashJournal, point: cashPoints })
    .from(cashJournal)
    .innerJoin(cashPoints, eq(cashPoints.id, cashJournal.cashPointId))
    .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, JOURNAL_EVENTS.salesReceipt)))
    .orderBy(asc(cashJournal.id))
    .limit(1);
  if (!sale) throw new AppError('error.receipt_not_found');
  const { printNumber, copy, made } = await printSale(tx, order.id, mode);
  if (made)
    await journalCopy(tx, by, {
      orderId: order.id,
      cashPointId: sale.point.id,
      receiptNumber: sale.journal.nr,
      printNumber,
    });
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const vat = orderVat(
    items.map((i) => ({ total: i.total, vat_rate: i.vatRate })),
    order.discountAmount,
  );
  const club = await clubDetails.get(tx);
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
    cash_rounding: cashRoundingOf(sale.journal),
    operator: await journalOperatorName(tx, sale.journal.userId),
    print_number: printNumber,
    copy,
    kind: 'sale',
    sale_receipt_number: null,
    reason: null,
  };
}
