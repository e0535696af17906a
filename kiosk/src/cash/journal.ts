import { sign } from 'node:crypto';
import { signatureInput, type TJournalEvent } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { localDateTime as clubDateTime } from '@club/shared/time-zone';
import { and, desc, eq, isNotNull, max } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cashJournal, cashPoints } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { ensureSigningKey } from './signing-key.ts';

export type JournalRow = typeof cashJournal.$inferSelect;

/** The default cash point (`Kasse 1`) every registration goes to while the club has one. */
export async function defaultCashPoint(tx: Executor): Promise<{ id: number; name: string }> {
  const [row] = await tx.select().from(cashPoints).orderBy(cashPoints.id).limit(1);
  if (!row) throw new Error('no cash point');
  return row;
}

/** Date (YYYY-MM-DD) and time (HH:MM:SS) of an instant in the club's time zone, as SAF-T signs them. */
export function localDateTime(at: Date): { date: string; time: string } {
  return clubDateTime(at.getTime(), clubTimeZone());
}

export interface JournalEntry {
  event: TJournalEvent;
  orderId?: number | null;
  userId?: number | null;
  /** sales and returns: they are signed, chaining to the cash point's previous signature */
  amounts?: { in: number; ex: number };
  detail?: Record<string, unknown>;
}

/**
 * Appends one event to a cash point's journal. The cash point's row is locked for the rest
 * of the transaction, so concurrent registrations take consecutive numbers with no gap and
 * each signature chains to the one committed before it.
 */
export async function appendJournal(tx: Executor, entry: JournalEntry, cashPointId?: number): Promise<JournalRow> {
  const pointId = cashPointId ?? (await defaultCashPoint(tx)).id;
  const [point] = await tx
    .select({ id: cashPoints.id })
    .from(cashPoints)
    .where(eq(cashPoints.id, pointId))
    .for('update');
  if (!point) throw new Error(`no cash point ${pointId}`);
  const [last] = await tx
    .select({ nr: max(cashJournal.nr) })
    .from(cashJournal)
    .where(eq(cashJournal.cashPointId, pointId));
  const nr = (last?.nr ?? 0) + 1;
  const at = clock.now();
  const signed = entry.amounts ? await signEntry(tx, pointId, nr, at, entry.amounts) : {};
  const [row] = await tx
    .insert(cashJournal)
    .values({
      cashPointId: pointId,
      nr,
      eventCode: entry.event,
      at,
      orderId: entry.orderId ?? null,
      userId: entry.userId ?? null,
      amountIn: entry.amounts?.in ?? null,
      amountEx: entry.amounts?.ex ?? null,
      detail: entry.detail ?? {},
      ...signed,
    })
    .returning();
  if (!row) throw new Error('journal insert returned nothing');
  return row;
}

async function signEntry(tx: Executor, pointId: number, nr: number, at: Date, amounts: { in: number; ex: number }) {
  const key = await ensureSigningKey(tx);
  const [previous] = await tx
    .select({ signature: cashJournal.signature })
    .from(cashJournal)
    .where(and(eq(cashJournal.cashPointId, pointId), isNotNull(cashJournal.signature)))
    .orderBy(desc(cashJournal.nr))
    .limit(1);
  const { date, time } = localDateTime(at);
  const input = signatureInput({
    previous: previous?.signature ?? '0',
    date,
    time,
    nr,
    amountIn: amounts.in,
    amountEx: amounts.ex,
  });
  const signature = sign('sha1', Buffer.from(input, 'utf8'), key.privateKey).toString('base64');
  return { transDate: date, transTime: time, signature, keyVersion: key.version };
}
