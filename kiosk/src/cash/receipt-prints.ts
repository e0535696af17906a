import { JOURNAL_EVENTS } from '@club/shared/cash';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { receiptPrints, returnReceiptPrints } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { appendJournal } from './journal.ts';
import { registrar } from './operator-sessions.ts';

/**
 * `view`: the receipt is looked at (the player opening it again, staff showing it): it is the
 * original the first time, and after that shows as a copy but is no new print, so nothing is
 * counted or journaled. `copy`: a print made on purpose (staff reprint, "send me a copy"): the
 * original if none was issued yet, otherwise a counted copy the caller journals (13014).
 */
export type PrintMode = 'view' | 'copy';

export interface Print {
  /** how many prints (the original and its copies) exist, this one included when it is one */
  printNumber: number;
  /** anything but the original issue is marked KOPI */
  copy: boolean;
  /** a copy was made now: journal it */
  made: boolean;
}

type Counter = {
  /** the original, unless it exists already */
  issue(): Promise<boolean>;
  read(): Promise<number>;
  /** one more copy; the count after it */
  add(): Promise<number>;
};

async function print(counter: Counter, mode: PrintMode): Promise<Print> {
  // two first looks at once: the insert decides which of them is the original
  if (await counter.issue()) return { printNumber: 1, copy: false, made: false };
  if (mode === 'view') return { printNumber: await counter.read(), copy: true, made: false };
  return { printNumber: await counter.add(), copy: true, made: true };
}

/** A sales receipt's print, by its order. */
export function printSale(tx: Executor, orderId: number, mode: PrintMode): Promise<Print> {
  const where = eq(receiptPrints.orderId, orderId);
  return print(
    {
      issue: async () =>
        (await tx.insert(receiptPrints).values({ orderId, count: 1 }).onConflictDoNothing().returning()).length > 0,
      read: async () =>
        (await tx.select({ count: receiptPrints.count }).from(receiptPrints).where(where))[0]?.count ?? 1,
      add: async () =>
        (
          await tx
            .update(receiptPrints)
            .set({ count: sql`${receiptPrints.count} + 1` })
            .where(where)
            .returning({ count: receiptPrints.count })
        )[0]?.count ?? 2,
    },
    mode,
  );
}

/** A return receipt's print, by its journal entry. */
export function printReturn(tx: Executor, journalId: number, mode: PrintMode): Promise<Print> {
  const where = eq(returnReceiptPrints.journalId, journalId);
  return print(
    {
      issue: async () =>
        (await tx.insert(returnReceiptPrints).values({ journalId, count: 1 }).onConflictDoNothing().returning())
          .length > 0,
      read: async () =>
        (await tx.select({ count: returnReceiptPrints.count }).from(returnReceiptPrints).where(where))[0]?.count ?? 1,
      add: async () =>
        (
          await tx
            .update(returnReceiptPrints)
            .set({ count: sql`${returnReceiptPrints.count} + 1` })
            .where(where)
            .returning({ count: returnReceiptPrints.count })
        )[0]?.count ?? 2,
    },
    mode,
  );
}

/**
 * A copy made now (`made`), journaled (13014) at the cash point of the receipt it copies, in
 * the name of the staff member who made it (the signed-in operator at a counter). A player's
 * own copy names no operator, as an online sale does: SAF-T declares everyone the journal
 * names as an employee.
 */
export async function journalCopy(
  tx: Executor,
  by: AuthInfo,
  copy: { orderId: number; cashPointId: number; receiptNumber: number; printNumber: number; more?: object },
): Promise<void> {
  await appendJournal(
    tx,
    {
      event: JOURNAL_EVENTS.copyReceipt,
      orderId: copy.orderId,
      userId: by.isAdmin ? (await registrar(tx, by)).actorUserId : null,
      detail: { receipt_number: copy.receiptNumber, print_number: copy.printNumber, ...copy.more },
    },
    copy.cashPointId,
  );
}
