import { PER_PAGE } from '@club/shared/api';
import { JOURNAL_EVENTS, type TCashReport, type TZReportSummary } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, count, desc, eq, gte, max, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { cashJournal, cashPoints } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { clubDetails } from '../settings/club-settings.ts';
import { appendJournal } from './journal.ts';
import { pointFor } from './point-for.ts';
import { totalsOf } from './report-totals.ts';

/** What a report covers: the journal after the previous Z report, up to its last entry. */
export async function coveredRange(tx: Executor, pointId: number) {
  const [lastZ] = await tx
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.cashPointId, pointId), eq(cashJournal.eventCode, JOURNAL_EVENTS.zReport)))
    .orderBy(desc(cashJournal.nr))
    .limit(1);
  const [last] = await tx
    .select({ nr: max(cashJournal.nr) })
    .from(cashJournal)
    .where(eq(cashJournal.cashPointId, pointId));
  const previous = (lastZ?.detail as { number?: number } | undefined)?.number ?? 0;
  return { fromNr: (lastZ?.nr ?? 0) + 1, toNr: last?.nr ?? 0, nextNumber: previous + 1 };
}

async function holdsMoreThanXReports(tx: Executor, pointId: number, fromNr: number): Promise<boolean> {
  const [entry] = await tx
    .select({ nr: cashJournal.nr })
    .from(cashJournal)
    .where(
      and(
        eq(cashJournal.cashPointId, pointId),
        gte(cashJournal.nr, fromNr),
        ne(cashJournal.eventCode, JOURNAL_EVENTS.xReport),
      ),
    )
    .limit(1);
  return entry !== undefined;
}

/**
 * An X report (13008) or the day close, a Z report (13009). The cash point is locked for
 * the transaction, so of two concurrent Z requests the second covers only what came after
 * the first; the Z's number and range live in its own journal entry, which nobody can change.
 */
export function cashReport(db: Db, kind: 'X' | 'Z', by: AuthInfo, cashPointId?: number): Promise<TCashReport> {
  return db.transaction(async (tx) => {
    const { point, actorUserId: userId } = await pointFor(tx, by, cashPointId);
    await tx.select({ id: cashPoints.id }).from(cashPoints).where(eq(cashPoints.id, point.id)).for('update');
    const range = await coveredRange(tx, point.id);
    // a second close right after the first covers nothing ("2–1"), or only the X report the
    // till's screen took after the first (a double tap): one close per stretch that holds more
    if (kind === 'Z' && !(await holdsMoreThanXReports(tx, point.id, range.fromNr)))
      throw new AppError('error.z_report_empty');
    const totals = await totalsOf(tx, point.id, range.fromNr, range.toNr);
    const number = kind === 'Z' ? range.nextNumber : null;
    await appendJournal(
      tx,
      {
        event: kind === 'Z' ? JOURNAL_EVENTS.zReport : JOURNAL_EVENTS.xReport,
        userId,
        detail: { number, from_nr: range.fromNr, to_nr: range.toNr, grand_total: totals.grand_total },
      },
      point.id,
    );
    const club = await clubDetails.get(tx);
    return {
      kind,
      number,
      cash_point: { id: point.id, name: point.name },
      company_name: club.company_name,
      organisation_number: club.organisation_number,
      at: clock.now().toISOString(),
      ...totals,
    };
  });
}

/** A Z report printed again: its stored range, added up as when it was made. */
export async function storedZReport(db: Db, by: AuthInfo, number: number, cashPointId?: number): Promise<TCashReport> {
  const { point } = await pointFor(db, by, cashPointId);
  const [z] = await db
    .select()
    .from(cashJournal)
    .where(
      and(
        eq(cashJournal.cashPointId, point.id),
        eq(cashJournal.eventCode, JOURNAL_EVENTS.zReport),
        sql`(${cashJournal.detail}->>'number')::int = ${number}`,
      ),
    );
  if (!z) throw new AppError('error.not_found');
  const range = z.detail as { from_nr: number; to_nr: number };
  const club = await clubDetails.get(db);
  return {
    kind: 'Z',
    number,
    cash_point: { id: point.id, name: point.name },
    company_name: club.company_name,
    organisation_number: club.organisation_number,
    at: z.at.toISOString(),
    ...(await totalsOf(db, point.id, range.from_nr, range.to_nr)),
  };
}

/** A page of the Z reports made so far, newest first, as the cash page lists them: one a day. */
export async function listZReports(db: Db, by: AuthInfo, pageNo: number, cashPointId?: number) {
  const { point } = await pointFor(db, by, cashPointId);
  const where = and(eq(cashJournal.cashPointId, point.id), eq(cashJournal.eventCode, JOURNAL_EVENTS.zReport));
  const [total] = await db.select({ n: count() }).from(cashJournal).where(where);
  const rows = await db
    .select()
    .from(cashJournal)
    .where(where)
    .orderBy(desc(cashJournal.nr))
    .limit(PER_PAGE)
    .offset((pageNo - 1) * PER_PAGE);
  const n = total?.n ?? 0;
  const data: TZReportSummary[] = rows.map((row) => {
    const detail = row.detail as { number: number; from_nr: number; to_nr: number; grand_total: number };
    return {
      number: detail.number,
      at: row.at.toISOString(),
      from_nr: detail.from_nr,
      to_nr: detail.to_nr,
      grand_total: detail.grand_total,
    };
  });
  return { data, current_page: pageNo, last_page: Math.max(1, Math.ceil(n / PER_PAGE)), per_page: PER_PAGE, total: n };
}
