import { computeBill } from '@club/shared/bill';
import { clock } from '@club/shared/clock';
import type { TUserSubscription } from '@club/shared/shop';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { players, userSubscriptions } from '../db/schema.ts';
import { billingFor } from '../games/game-view.ts';
import { minutesLeft } from './minutes-left.ts';

type Row = typeof userSubscriptions.$inferSelect;

export function toUserSubscription(row: Row): TUserSubscription {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    name: row.name,
    duration: row.durationHours,
    remaining_minutes: minutesLeft(row),
    refunded_minutes: row.refundedMinutes,
    status: row.status,
  };
}

/**
 * Minutes a game in progress has already taken from each of the user's subscriptions
 * (they are written to the subscription when the player leaves).
 */
export async function inPlayMinutes(db: Executor, userId: number): Promise<Map<number, number>> {
  const seated = await db
    .select()
    .from(players)
    .where(and(eq(players.userId, userId), eq(players.status, 'joined')));
  const out = new Map<number, number>();
  if (!seated.length) return out;
  const { inputs } = await billingFor(db, seated);
  const now = clock.nowMs();
  for (const row of seated) {
    const input = inputs.get(row.id)!;
    // the session's first row names the subscription paying it
    const paying = row.subscriptionId;
    if (paying !== null) out.set(paying, (out.get(paying) ?? 0) + computeBill(input, now).subscription_minutes);
  }
  return out;
}

function withPlay(rows: Row[], used: Map<number, number>): TUserSubscription[] {
  return rows.map((row) => {
    const s = toUserSubscription(row);
    return { ...s, remaining_minutes: Math.max(0, s.remaining_minutes - (used.get(row.id) ?? 0)) };
  });
}

/** SPEC §7 `my-subscriptions`: every subscription the user has, newest first, time left as of now. */
export async function mySubscriptions(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), ne(userSubscriptions.status, 'deleted')))
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id));
  return withPlay(rows, await inPlayMinutes(db, userId));
}

/** SPEC §7 `my-active-subscription`: the one that pays the next minutes (oldest first), or null. */
export async function myActiveSubscription(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.status, 'active')))
    .orderBy(asc(userSubscriptions.createdAt), asc(userSubscriptions.id));
  const active = withPlay(rows, await inPlayMinutes(db, userId)).find((s) => s.remaining_minutes > 0);
  return active ?? null;
}
