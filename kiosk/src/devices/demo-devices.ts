import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { poolTables } from '../db/schema.ts';
import { getDeviceSettings, saveDeviceSettings } from './device-settings.ts';

/**
 * The demo club's relays, when it has none: a light over every table (Tasmota and Shelly in
 * turn, so that both kinds are seen working) and a Tasmota door strike.
 */
export async function configureDemoDevices(db: Db): Promise<void> {
  const [withLight] = await db
    .select({ id: poolTables.id })
    .from(poolTables)
    .where(and(isNull(poolTables.deletedAt), isNotNull(poolTables.lightKind)))
    .limit(1);
  const settings = await getDeviceSettings(db);
  if (withLight || settings.door) return;
  const tables = await db.select({ id: poolTables.id }).from(poolTables).where(isNull(poolTables.deletedAt));
  for (const [i, table] of tables.entries()) {
    const shelly = i % 2 === 1;
    await db
      .update(poolTables)
      .set({
        lightKind: shelly ? 'shelly' : 'tasmota',
        lightTopic: shelly ? `shellyplus1-bord${table.id}` : `bord${table.id}`,
      })
      .where(eq(poolTables.id, table.id));
  }
  await saveDeviceSettings(db, { ...settings, door: { kind: 'tasmota', topic: 'inngang', pulse_seconds: 3 } });
}
