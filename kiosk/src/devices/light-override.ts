import { clock } from '@club/shared/clock';
import type { TLightMode } from '@club/shared/devices';
import { AppError } from '@club/shared/errors';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { games, lightOverrides, poolTables } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';

/**
 * Staff hold a table's light on or off, or give it back to play (`auto`); logged with who and
 * when. Darkening a table with a running game needs `confirm`: players are there.
 */
export async function setLightMode(
  db: Db,
  by: AuthInfo,
  input: { table_id: number; mode: TLightMode; confirm: boolean },
): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const [table] = await tx
      .select({ id: poolTables.id, kind: poolTables.lightKind })
      .from(poolTables)
      .where(and(eq(poolTables.id, input.table_id), isNull(poolTables.deletedAt)))
      .for('update');
    if (!table) throw new AppError('error.table_not_found');
    if (table.kind === null) throw new AppError('error.light_not_configured');
    const [running] = await tx
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.tableId, input.table_id), ne(games.status, 'ended')))
      .limit(1);
    if (running && input.mode === 'off' && !input.confirm) throw new AppError('error.light_confirm_required');
    const now = clock.now();
    await tx.update(poolTables).set({ lightMode: input.mode, updatedAt: now }).where(eq(poolTables.id, input.table_id));
    await tx
      .insert(lightOverrides)
      .values({ tableId: input.table_id, mode: input.mode, userId: by.userId, duringGame: Boolean(running), at: now });
    await emit({ type: 'table.updated', payload: { table_id: input.table_id } });
  });
}
