import { JOURNAL_EVENTS } from '@club/shared/cash';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderItems, orders, receiptPrints } from '../../db/schema.ts';
import type { JournalRow } from '../journal.ts';
import type { ReturnDetail } from '../journal-return.ts';
import { cashRoundingOf } from '../journal-sale.ts';
import {
  DISCOUNT,
  LINE_REDUCTION,
  LINE_RETURN,
  LINE_SALE,
  paymentCodeOf,
  TRANS_RETURN,
  TRANS_SALE,
  vatCodeOf,
} from './codes.ts';
import { kr, percent } from './format.ts';
import { journalPages, type RegisterPart } from './journal-pages.ts';
import { journaledReturnLines, returnLines, type SaftLine, saleLines, vatPerRate } from './lines.ts';
import { articleOf, type MasterData } from './master-files.ts';
import type { SaftWriter } from './writer.ts';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

/** The orders, lines and print counts of one page of sales and returns: three queries a page. */
async function pageContext(db: Executor, page: readonly JournalRow[]) {
  const ids = [...new Set(page.map((r) => r.orderId).filter((id): id is number => id !== null))];
  if (ids.length === 0)
    return { orders: new Map<number, Order>(), items: new Map<number, Item[]>(), prints: new Map() };
  const [orderRows, itemRows, printRows] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(receiptPrints).where(inArray(receiptPrints.orderId, ids)),
  ]);
  const items = new Map<number, Item[]>();
  for (const item of itemRows) items.set(item.orderId, [...(items.get(item.orderId) ?? []), item]);
  return {
    orders: new Map(orderRows.map((o) => [o.id, o])),
    items,
    prints: new Map(printRows.map((p) => [p.orderId, p.count])),
  };
}
type PageContext = Awaited<ReturnType<typeof pageContext>>;

/** Sales (13012) and returns (13013) of the period as `cashtransaction`s, signed as journaled. */
export async function* writeTransactions({ w, db, register, scope, master }: RegisterPart): AsyncGenerator<string> {
  const codes = [JOURNAL_EVENTS.salesReceipt, JOURNAL_EVENTS.returnReceipt];
  for await (const page of journalPages(db, register, scope, codes)) {
    const context = await pageContext(db, page);
    for (const row of page) writeTransaction(w, row, context, master);
    yield w.take();
  }
}

function linesOf(row: JournalRow, context: PageContext): SaftLine[] {
  const order = row.orderId === null ? undefined : context.orders.get(row.orderId);
  const items = order ? (context.items.get(order.id) ?? []) : [];
  const sale = order ? saleLines(order, items) : [];
  if (row.eventCode === JOURNAL_EVENTS.salesReceipt) return sale;
  const journaled = (row.detail as Partial<ReturnDetail>).lines;
  if (Array.isArray(journaled) && journaled.length > 0) return journaledReturnLines(journaled, items);
  return returnLines(row.amountIn ?? 0, row.amountEx ?? 0, sale);
}

function writeTransaction(w: SaftWriter, row: JournalRow, context: PageContext, master: MasterData): void {
  const isSale = row.eventCode === JOURNAL_EVENTS.salesReceipt;
  const side = isSale ? 'C' : 'D';
  const empID = row.userId !== null && master.employees.has(row.userId) ? String(row.userId) : undefined;
  const lines = linesOf(row, context);
  const order = row.orderId === null ? undefined : context.orders.get(row.orderId);
  const method = (row.detail as { method?: string | null }).method ?? order?.method;
  const copies = isSale && row.orderId !== null ? Math.max(0, (context.prints.get(row.orderId) ?? 1) - 1) : 0;
  w.open('cashtransaction').leaves({
    nr: String(row.nr),
    transID: String(row.nr),
    transType: isSale ? TRANS_SALE : TRANS_RETURN,
    transAmntIn: kr(row.amountIn ?? 0),
    transAmntEx: kr(row.amountEx ?? 0),
    amntTp: side,
    empID,
    transDate: row.transDate,
    transTime: row.transTime,
    desc: row.orderId === null ? undefined : `Ordre ${row.orderId}`,
  });
  lines.forEach((line, index) => {
    writeLine(w, { row, line, lineID: index + 1, side, empID, master });
  });
  for (const vat of vatPerRate(lines)) writeVat(w, vat.rate, vat.vat, vat.base, side);
  // cash is paid in whole kroner: the amount, its rounding, and what changed hands
  const rounding = cashRoundingOf(row);
  if (rounding !== 0) w.group('rounding', () => w.leaves({ roundingAmnt: kr(rounding) }));
  w.group('payment', () =>
    w.leaves({
      paymentType: paymentCodeOf(method),
      paidAmnt: kr((row.amountIn ?? 0) + rounding),
      empID,
      curCode: 'NOK',
    }),
  );
  w.leaves({
    signature: row.signature,
    keyVersion: String(row.keyVersion),
    receiptNum: 1,
    receiptCopyNum: Math.min(copies, 999),
    receiptProformaNum: 0,
    receiptDeliveryNum: 0,
    voidTransaction: false,
    trainingID: false,
  });
  w.close();
}

function writeLine(
  w: SaftWriter,
  o: {
    row: JournalRow;
    line: SaftLine;
    lineID: number;
    side: 'C' | 'D';
    empID: string | undefined;
    master: MasterData;
  },
): void {
  const { line, row } = o;
  const item = line.item;
  const article = item ? articleOf(item) : null;
  const isSale = o.side === 'C';
  w.open('ctLine').leaves({
    nr: String(row.nr),
    lineID: String(o.lineID),
    lineType: isSale ? LINE_SALE : line.reduction ? LINE_REDUCTION : LINE_RETURN,
    artGroupID: line.kind ?? undefined,
    artID: article && o.master.articles.has(article) ? article : undefined,
    qnt: isSale && item ? item.quantity : (line.quantity ?? undefined),
    lineAmntIn: kr(line.amountIn),
    lineAmntEx: kr(line.amountIn - line.vat),
    amntTp: o.side,
    ppu: isSale && item ? kr(item.unitPrice) : undefined,
    empID: o.empID,
    cashTransLineDescr: line.reduction ? 'Prisavslag' : item?.description,
    lineDate: row.transDate,
    lineTime: row.transTime,
  });
  writeVat(w, line.vatRate, line.vat, line.amountIn - line.vat, o.side);
  if (line.discount > 0) w.group('discount', () => w.leaves({ dscTp: DISCOUNT, dscAmnt: kr(line.discount) }));
  w.close();
}

function writeVat(w: SaftWriter, rate: number | null, vat: number, base: number, side: 'C' | 'D'): void {
  w.group('vat', () =>
    w.leaves({
      vatCode: rate === null ? undefined : vatCodeOf(rate),
      vatPerc: rate === null ? undefined : percent(rate),
      vatAmnt: kr(vat),
      vatAmntTp: side,
      vatBasAmnt: kr(base),
    }),
  );
}
