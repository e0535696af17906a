import type { userSubscriptions } from '../db/schema.ts';

type Row = typeof userSubscriptions.$inferSelect;

/** The minutes a subscription still holds: what it was bought with, less what was played and what a refund took back. */
export function minutesLeft(row: Pick<Row, 'durationHours' | 'usedMinutes' | 'refundedMinutes'>): number {
  return Math.max(0, row.durationHours * 60 - row.usedMinutes - row.refundedMinutes);
}
