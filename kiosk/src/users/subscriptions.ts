import type { TUserSubscription } from '@club/shared/shop';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { userSubscriptions } from '../db/schema.ts';

type Row = typeof userSubscriptions.$inferSelect;

export function toUserSubscription(row: Row): TUserSubscription {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    name: row.name,
    duration: row.durationHours,
    remaining_minutes: Math.max(0, row.durationHours * 60 - row.usedMinutes),
    status: row.status,
  };
}

/** SPEC §7 `my-subscriptions`: every subscription the user has, newest first. */
export async function mySubscriptions(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), ne(userSubscriptions.status, 'deleted')))
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id));
  return rows.map(toUserSubscription);
}

/** SPEC §7 `my-active-subscription`: the one that pays the next minutes (oldest first), or null. */
export async function myActiveSubscription(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.status, 'active')))
    .orderBy(asc(userSubscriptions.createdAt), asc(userSubscriptions.id));
  const active = rows.map(toUserSubscription).find((s) => s.remaining_minutes > 0);
  return active ?? null;
}
