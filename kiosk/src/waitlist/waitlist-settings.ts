import { clock } from '@club/shared/clock';
import { DEFAULT_WAITLIST_SETTINGS, type TWaitlistSettings, ZWaitlistSettings } from '@club/shared/waitlist';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { settings } from '../db/schema.ts';

const KEY = 'waitlist';

const waitlistSettings = cachedRead(async (db): Promise<TWaitlistSettings> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = ZWaitlistSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_WAITLIST_SETTINGS;
});

export function getWaitlistSettings(db: Executor): Promise<TWaitlistSettings> {
  return waitlistSettings.get(db);
}

/** Applies to offers made from now on; a table held already keeps its time. */
export async function saveWaitlistSettings(db: Executor, value: TWaitlistSettings): Promise<TWaitlistSettings> {
  await db
    .insert(settings)
    .values({ key: KEY, value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  waitlistSettings.forget(db);
  return value;
}
