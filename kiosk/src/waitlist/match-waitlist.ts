import { clock } from '@club/shared/clock';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { poolTables, users, waitlistEntries } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Emit } from '../outbox/with-events.ts';
import { withEvents } from '../outbox/with-events.ts';
import { waitlistSettings } from '../settings/club-settings.ts';
import { isOpen, lineChanged, lockLine } from './line.ts';
import { offerMail } from './offer-mail.ts';

export interface MatchContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  club: string;
}

/** Whether anyone waits or holds an offer: with nobody in line there is nothing to match. */
export async function lineIsOpen(db: Executor): Promise<boolean> {
  const [open] = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(isOpen).limit(1);
  return open !== undefined;
}

/** a table booked to start within this long is not offered: the party would have to leave before it starts */
const RESERVATION_MARGIN_MINUTES = 60;

/** Offers that ran out give their tables back; answers how many. */
async function expireOffers(tx: Executor, emit: Emit, now: Date): Promise<(number | null)[]> {
  const expired = await tx
    .update(waitlistEntries)
    .set({ status: 'expired', endedAt: now })
    .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
    .returning({ userId: waitlistEntries.userId, tableId: waitlistEntries.offeredTableId });
  for (const e of expired)
    if (e.tableId !== null) await emit({ type: 'table.updated', payload: { table_id: e.tableId } });
  return expired.map((e) => e.userId);
}

/**
 * Free tables nobody holds (not out of order, no booking about to start), smallest first, each locked for this transaction. A table whose
 * lock someone else has (a join, a leave in progress) is skipped: its own change brings the
 * waitlist back to it, and waiting for it could deadlock with that writer.
 */
function freeTables(tx: Executor, now: Date) {
  return tx
    .select({ id: poolTables.id, name: poolTables.name, capacity: poolTables.capacity })
    .from(poolTables)
    .where(
      and(
        isNull(poolTables.deletedAt),
        eq(poolTables.active, true),
        isNull(poolTables.outOfOrderReason),
        sql`not exists (select 1 from reservations r where r.table_id = ${poolTables.id} and r.status = 'booked' and r.starts_at <= ${new Date(now.getTime() + RESERVATION_MARGIN_MINUTES * 60_000)} and r.ends_at > ${now})`,
        sql`not exists (select 1 from games g where g.table_id = ${poolTables.id} and g.status <> 'ended')`,
        sql`not exists (select 1 from waitlist_entries w where w.offered_table_id = ${poolTables.id} and w.status = 'offered')`,
      ),
    )
    .orderBy(asc(poolTables.capacity), asc(poolTables.id))
    .for('update', { skipLocked: true });
}

/**
 * Hands free tables to the line: every waiting party, in line order, is offered the smallest
 * free table that seats it (so a smaller party behind one that fits nothing is served), held
 * for the club's claim minutes. Offers that ran out go first. One run at a time (the line's
 * lock), when someone is in line (`lineIsOpen`). Answers how many offers were made or ran out.
 */
export async function matchWaitlist(ctx: MatchContext): Promise<number> {
  const changed = await withEvents(ctx.db, async (tx, emit) => {
    await lockLine(tx);
    const now = clock.now();
    const gone = await expireOffers(tx, emit, now);
    const tables = await freeTables(tx, now);
    const waiting = tables.length
      ? await tx
          .select({ entry: waitlistEntries, email: users.email, locale: users.locale, first: users.name })
          .from(waitlistEntries)
          .leftJoin(users, eq(users.id, waitlistEntries.userId))
          .where(eq(waitlistEntries.status, 'waiting'))
          .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id))
      : [];
    const { claim_minutes } = await waitlistSettings.get(tx);
    const expiresAt = new Date(now.getTime() + claim_minutes * 60_000);
    let offers = 0;
    for (const { entry, email, locale, first } of waiting) {
      const i = tables.findIndex((t) => t.capacity >= entry.partySize);
      if (i < 0) continue;
      const [table] = tables.splice(i, 1);
      if (!table) continue;
      await tx
        .update(waitlistEntries)
        .set({ status: 'offered', offeredTableId: table.id, offeredAt: now, offerExpiresAt: expiresAt })
        .where(eq(waitlistEntries.id, entry.id));
      await emit(
        {
          type: 'waitlist.offered',
          payload: {
            entry_id: entry.id,
            user_id: entry.userId,
            table_id: table.id,
            expires_at: expiresAt.toISOString(),
          },
        },
        { type: 'table.updated', payload: { table_id: table.id } },
      );
      if (email)
        await ctx.mailer.enqueue(
          tx,
          offerMail({
            to: { email, name: first ?? entry.name, locale: locale ?? 'nb' },
            table,
            expiresAt,
            publicUrl: ctx.publicUrl,
            club: ctx.club,
          }),
        );
      offers++;
    }
    if (offers || gone.length) await lineChanged(tx, emit, gone);
    return offers + gone.length;
  });
  if (changed) ctx.mailer.kick();
  return changed;
}
