import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { DEFAULT_PAYMENT_METHODS, type TPaymentMethodSettings, ZPaymentMethodSettings } from '@club/shared/orders';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { settings } from '../db/schema.ts';

const KEY = 'payment_methods';

/** The ways of paying as saved. */
export async function readPaymentMethods(db: Executor): Promise<TPaymentMethodSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = ZPaymentMethodSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_PAYMENT_METHODS;
}

// every payment asks: kept in memory, forgotten when saved
const paymentMethods = cachedRead(readPaymentMethods);

export function getPaymentMethods(db: Executor): Promise<TPaymentMethodSettings> {
  return paymentMethods.get(db);
}

/** After a transaction that saved them committed: the next read sees the change. */
export function forgetPaymentMethods(db: Executor): void {
  paymentMethods.forget(db);
}

export async function savePaymentMethods(db: Executor, value: TPaymentMethodSettings): Promise<TPaymentMethodSettings> {
  await db
    .insert(settings)
    .values({ key: KEY, value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  paymentMethods.forget(db);
  return value;
}

/** A way of paying the club has switched off is refused (`error.payment_method_not_found`). */
export async function requirePaymentMethod(db: Executor, method: keyof TPaymentMethodSettings): Promise<void> {
  if (!(await getPaymentMethods(db))[method]) throw new AppError('error.payment_method_not_found');
}
