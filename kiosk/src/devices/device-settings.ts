import { clock } from '@club/shared/clock';
import { DEFAULT_DEVICE_SETTINGS, type TDeviceSettings, ZDeviceSettings } from '@club/shared/devices';
import { isOpenAt } from '@club/shared/opening-hours';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { settings } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';

const KEY = 'devices';

// every light decision reads them: kept in memory, forgotten when saved
const deviceSettings = cachedRead(async (db): Promise<TDeviceSettings> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = ZDeviceSettings.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : DEFAULT_DEVICE_SETTINGS;
});

export function getDeviceSettings(db: Executor): Promise<TDeviceSettings> {
  return deviceSettings.get(db);
}

export async function saveDeviceSettings(db: Executor, value: TDeviceSettings): Promise<TDeviceSettings> {
  await db
    .insert(settings)
    .values({ key: KEY, value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  deviceSettings.forget(db);
  return value;
}

/** Whether nobody works at the counter at `instant` (the club's unstaffed hours, its local time). */
export function unstaffedAt(value: TDeviceSettings, instant: number): boolean {
  if (value.unstaffed_hours.every((day) => day === null)) return false;
  return isOpenAt({ week: value.unstaffed_hours, exceptions: [] }, instant, clubTimeZone());
}

export async function unstaffedNow(db: Executor): Promise<boolean> {
  return unstaffedAt(await getDeviceSettings(db), clock.nowMs());
}
