import { and, asc, eq, gt, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cashJournal } from '../../db/schema.ts';
import type { JournalRow } from '../journal.ts';
import type { MasterData } from './master-files.ts';
import type { SaftRegister, SaftScope } from './scope.ts';
import type { SaftWriter } from './writer.ts';

export const PAGE_SIZE = 500;

/** What a cash register's sections of the file (its events, its transactions) are written from. */
export interface RegisterPart {
  w: SaftWriter;
  db: Executor;
  register: SaftRegister;
  scope: SaftScope;
  master: MasterData;
}

/**
 * A cash register's journal entries of the period, in number order, a page at a time
 * (keyset on the unique (cash point, number) index), so a year of a busy club is read in
 * pieces. `codes` narrows it to some event codes (the sales and returns).
 */
export async function* journalPages(
  db: Executor,
  register: SaftRegister,
  scope: Pick<SaftScope, 'start' | 'end'>,
  codes?: readonly string[],
  size = PAGE_SIZE,
): AsyncGenerator<JournalRow[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(cashJournal)
      .where(
        and(
          eq(cashJournal.cashPointId, register.id),
          gt(cashJournal.nr, after),
          lte(cashJournal.nr, register.lastNr),
          gte(cashJournal.at, scope.start),
          lt(cashJournal.at, scope.end),
          codes ? inArray(cashJournal.eventCode, [...codes]) : undefined,
        ),
      )
      .orderBy(asc(cashJournal.nr))
      .limit(size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    after = page.at(-1)?.nr ?? register.lastNr;
  }
}
