import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { games, players } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';

/**
 * Prepaid hours that became active while their owner is at a table pay that session from now
 * on: the session's rows name them, and the bill (`billingFor`) charges the minutes started
 * before their payment at the price and covers those after. A session already paid by other
 * hours keeps them; the new ones wait for the next game, as `join` picks the oldest first.
 */
export async function applyBoughtHours(
  tx: Executor,
  emit: Emit,
  hours: { userId: number; subscriptionId: number; minutes: number },
): Promise<boolean> {
  // the seat is locked: a leave running at once bills either before this or after it, whole
  const [seat] = await tx
    .select()
    .from(players)
    .where(and(eq(players.userId, hours.userId), eq(players.status, 'joined')))
    .for('update');
  if (!seat) return false;
  const chain = [seat];
  for (let at = seat.previousPlayerId; at !== null; ) {
    const [row] = await tx.select().from(players).where(eq(players.id, at));
    if (!row) break;
    chain.push(row);
    at = row.previousPlayerId;
  }
  // the session's first row names its subscription
  if (chain.at(-1)!.subscriptionId !== null) return false;
  await tx
    .update(players)
    .set({ subscriptionId: hours.subscriptionId, subscriptionMinutes: hours.minutes })
    .where(
      and(
        inArray(
          players.id,
          chain.map((r) => r.id),
        ),
        isNull(players.subscriptionId),
      ),
    );
  const [game] = await tx.select({ tableId: games.tableId }).from(games).where(eq(games.id, seat.gameId));
  if (game) await emit({ type: 'game.updated', payload: { game_id: seat.gameId, table_id: game.tableId } });
  return true;
}
