import { JOURNAL_EVENTS, type TReceipt } from '@club/shared/cash';
import { AppError } from '@club/shared/errors';
import type { TPaymentMethod } from '@club/shared/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cashJournal, cashPoints, orderItems } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { readOrder } from '../orders/owned-order.ts';
import { clubDetails } from '../settings/club-settings.ts';
import { type ReturnLine, returnDetail } from './journal-return.ts';
import { journalOperatorName } from './operator-pins.ts';
import { journalCopy, type PrintMode, printReturn } from './receipt-prints.ts';

function perRate(lines: ReturnLine[]): TReceipt['vat_per_rate'] {
  const byRate = new Map<number, { vat_rate: number; gross: number; vat: number; net: number }>();
  for (const line of lines) {
    const entry = byRate.get(line.vat_rate) ?? { vat_rate: line.vat_rate, gross: 0, vat: 0, net: 0 };
    entry.gross += line.gross;
    entry.vat += line.vat;
    entry.net = entry.gross - entry.vat;
    byRate.set(line.vat_rate, entry);
  }
  return [...byRate.values()].sort((a, b) => b.vat_rate - a.vat_rate);
}

/**
 * A return receipt ("Returkvittering"): the money given back on an order, by its journal
 * number (its owner or an admin). As with sales receipts, the first look is the original,
 * later looks show a copy without counting it, and a copy made on purpose is counted and
 * journaled.
 */
export function printReturnReceipt(
  db: Db,
  by: AuthInfo,
  orderId: number,
  receiptNumber: number,
  mode: PrintMode,
): Promise<TReceipt> {
  return db.transaction(async (tx) => {
    const order = await readOrder(tx, by, orderId);
    const [found] = await tx
      .select({ journal: cashJournal, point: cashPoints })
      .from(cashJournal)
      .innerJoin(cashPoints, eq(cashPoints.id, cashJournal.cashPointId))
      .where(
        and(
          eq(cashJournal.orderId, order.id),
          eq(cashJournal.eventCode, JOURNAL_EVENTS.returnReceipt),
          eq(cashJournal.nr, receiptNumber),
        ),
      );
    if (!found) throw new AppError('error.receipt_not_found');
    const { journal, point } = found;
    const { printNumber, copy, made } = await printReturn(tx, journal.id, mode);
    const total = journal.amountIn ?? 0;
    if (made)
      await journalCopy(tx, by, {
        orderId: order.id,
        cashPointId: point.id,
        receiptNumber: journal.nr,
        printNumber,
        more: { kind: 'return', amount: total },
      });
    const detail = returnDetail(journal);
    const ids = detail.lines.map((l) => l.item_id);
    const items = ids.length ? await tx.select().from(orderItems).where(inArray(orderItems.id, ids)) : [];
    const club = await clubDetails.get(tx);
    return {
      order_id: order.id,
      receipt_number: journal.nr,
      cash_point: { id: point.id, name: point.name },
      company_name: club.company_name,
      organisation_number: club.organisation_number,
      address: club.address,
      vat_registered: club.vat_registered,
      date: journal.at.toISOString(),
      lines: receiptLines(detail.lines, items),
      subtotal: total,
      discount_amount: 0,
      total,
      vat_per_rate: perRate(detail.lines),
      method: detail.method as TPaymentMethod,
      cash_rounding: detail.rounding ?? 0,
      operator: await journalOperatorName(tx, journal.userId),
      print_number: printNumber,
      copy,
      kind: 'return',
      sale_receipt_number: detail.sale_receipt_number,
      reason: detail.reason,
      by_group: byGroup(detail.lines),
    };
  });
}

type Item = typeof orderItems.$inferSelect;

/** What the return takes from each group, as the Z report counts it (the kind of the line given back or reduced). */
function byGroup(lines: readonly ReturnLine[]): NonNullable<TReceipt['by_group']> {
  const amounts = new Map<ReturnLine['kind'], number>();
  for (const line of lines) amounts.set(line.kind, (amounts.get(line.kind) ?? 0) + line.gross);
  return [...amounts].map(([group, amount]) => ({ group, amount }));
}

/**
 * The receipt's lines: each order line that came back with its units (negative), then the
 * price reductions, one line per VAT rate ("Prisavslag 25 % mva"), never as units that came back.
 */
function receiptLines(lines: readonly ReturnLine[], items: readonly Item[]): TReceipt['lines'] {
  const returned = lines
    .filter((l) => !l.reduction)
    .map((line) =>
      returnLine(
        line,
        items.find((i) => i.id === line.item_id),
      ),
    );
  const reductions = perRate(lines.filter((l) => l.reduction)).map((r) => ({
    description: '',
    quantity: -1,
    unit_price: -r.gross,
    total: r.gross,
    vat_rate: r.vat_rate,
    vat: r.vat,
    reduction: true,
  }));
  return [...returned, ...reductions];
}

/**
 * Units that came back show their count (negative) at their unit price; a return journaled
 * before units were kept shows a whole line by its quantity and a part of one as −1.
 */
function returnLine(line: ReturnLine, item: Item | undefined) {
  const units =
    line.quantity ??
    (item !== undefined && -line.gross === item.total && line.gross % item.quantity === 0 ? item.quantity : 1);
  const quantity = -Math.max(1, units);
  return {
    description: item?.description ?? '',
    quantity,
    unit_price: Math.round(line.gross / quantity),
    total: line.gross,
    vat_rate: line.vat_rate,
    vat: line.vat,
  };
}
