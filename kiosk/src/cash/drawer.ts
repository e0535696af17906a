import { CASH_MOVEMENTS, JOURNAL_EVENTS, type TDrawerAnswer } from '@club/shared/cash';
import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { cashPoints } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { coveredRange } from './day-report.ts';
import { drawerTotals } from './drawer-totals.ts';
import { appendJournal, type JournalEntry } from './journal.ts';
import { pointFor } from './point-for.ts';
import { journalRange } from './report-totals.ts';

/**
 * Runs a drawer registration with the cash point locked: it sees the drawer as it stands
 * since the last Z report (no sale or Z can slip in between), may refuse, and journals one
 * entry. The answer is the drawer after it.
 */
function registerWithDrawer(
  db: Db,
  by: AuthInfo,
  cashPointId: number | undefined,
  decide: (drawer: ReturnType<typeof drawerTotals>) => Omit<JournalEntry, 'userId'>,
): Promise<TDrawerAnswer> {
  return db.transaction(async (tx: Tx) => {
    const { point, actorUserId } = await pointFor(tx, by, cashPointId);
    await tx.select({ id: cashPoints.id }).from(cashPoints).where(eq(cashPoints.id, point.id)).for('update');
    const range = await coveredRange(tx, point.id);
    const before = drawerTotals(await journalRange(tx, point.id, range.fromNr, range.toNr));
    const row = await appendJournal(tx, { ...decide(before), userId: actorUserId }, point.id);
    const after = drawerTotals(await journalRange(tx, point.id, range.fromNr, row.nr));
    return { journal_nr: row.nr, drawer: after };
  });
}

/** The cash in the drawer when the day starts (once per day: after a Z report it may be set again). */
export function recordFloat(
  db: Db,
  by: AuthInfo,
  input: { amount: number },
  cashPointId?: number,
): Promise<TDrawerAnswer> {
  return registerWithDrawer(db, by, cashPointId, (drawer) => {
    if (drawer.float > 0) throw new AppError('error.cash_float_recorded');
    return {
      event: JOURNAL_EVENTS.other,
      detail: { kind: 'float', transaction_code: CASH_MOVEMENTS.float, amount: input.amount },
    };
  });
}

/** Cash taken out of the drawer (to the bank, the safe): never more than should be there. */
export function recordWithdrawal(db: Db, by: AuthInfo, input: { amount: number; note: string }, cashPointId?: number) {
  return registerWithDrawer(db, by, cashPointId, (drawer) => {
    if (input.amount > drawer.expected) throw new AppError('error.cash_not_enough');
    return {
      event: JOURNAL_EVENTS.cashWithdrawal,
      detail: { kind: 'withdrawal', transaction_code: CASH_MOVEMENTS.withdrawal, ...input },
    };
  });
}

/** Cash put into the drawer during the day (more change). */
export function recordDeposit(db: Db, by: AuthInfo, input: { amount: number; note: string }, cashPointId?: number) {
  return registerWithDrawer(db, by, cashPointId, () => ({
    event: JOURNAL_EVENTS.other,
    detail: { kind: 'deposit', transaction_code: CASH_MOVEMENTS.deposit, ...input },
  }));
}

/** The drawer opened without a sale ("nullinnslag"): counted on the X and Z reports. */
export function recordDrawerOpening(db: Db, by: AuthInfo, input: { note: string }, cashPointId?: number) {
  return registerWithDrawer(db, by, cashPointId, () => ({
    event: JOURNAL_EVENTS.drawerOpen,
    detail: { kind: 'drawer_open', ...input },
  }));
}

/** The cash counted, against what should be there; the difference goes into the journal and the Z report. */
export function countCash(db: Db, by: AuthInfo, input: { counted: number }, cashPointId?: number) {
  return registerWithDrawer(db, by, cashPointId, (drawer) => ({
    event: JOURNAL_EVENTS.other,
    detail: {
      kind: 'cash_count',
      transaction_code: CASH_MOVEMENTS.cash_count,
      counted: input.counted,
      expected: drawer.expected,
      difference: input.counted - drawer.expected,
    },
  }));
}
