import { aliasedTable, and, desc, eq, isNotNull, max } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { players } from '../db/schema.ts';

/** The guests this user has brought before, latest first, to add them again in one tap. */
export async function myGuests(db: Executor, userId: number) {
  const host = aliasedTable(players, 'host');
  const rows = await db
    .select({ name: players.name, lastPlayedAt: max(players.joinedAt) })
    .from(players)
    .innerJoin(host, eq(host.id, players.guestOf))
    .where(and(eq(host.userId, userId), isNotNull(players.guestOf)))
    .groupBy(players.name)
    .orderBy(desc(max(players.joinedAt)))
    .limit(50);
  return rows.map((r) => ({ name: r.name, last_played_at: (r.lastPlayedAt ?? new Date(0)).toISOString() }));
}
