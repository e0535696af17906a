import { DEFAULT_BILLING_SETTINGS, type TBillingSettings, ZBillingSettings } from '@club/shared/billing';
import { clock } from '@club/shared/clock';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { settings } from '../db/schema.ts';

// every running bill reads them: kept in memory, forgotten when saved
const billingSettings = cachedRead(async (db): Promise<TBillingSettings> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'billing')).limit(1);
  const parsed = ZBillingSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_BILLING_SETTINGS;
});

export function getBillingSettings(db: Executor): Promise<TBillingSettings> {
  return billingSettings.get(db);
}

export async function saveBillingSettings(db: Executor, value: TBillingSettings): Promise<TBillingSettings> {
  await db
    .insert(settings)
    .values({ key: 'billing', value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  billingSettings.forget(db);
  return value;
}

/** After a transaction that saved them committed: the next read sees the change. */
export function forgetBillingSettings(db: Executor): void {
  billingSettings.forget(db);
}
