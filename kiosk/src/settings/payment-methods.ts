import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { DEFAULT_PAYMENT_METHODS, type TPaymentMethodSettings, ZPaymentMethodSettings } from '@club/shared/orders';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { settings } from '../db/schema.ts';

const KEY = 'payment_methods';

export async function getPaymentMethods(db: Executor): Promise<TPaymentMethodSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = ZPaymentMethodSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_PAYMENT_METHODS;
}

export async function savePaymentMethods(db: Executor, value: TPaymentMethodSettings): Promise<TPaymentMethodSettings> {
  await db
    .insert(settings)
    .values({ key: KEY, value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  return value;
}

/** A way of paying the club has switched off is refused (`error.payment_method_not_found`). */
export async function requirePaymentMethod(db: Executor, method: keyof TPaymentMethodSettings): Promise<void> {
  if (!(await getPaymentMethods(db))[method]) throw new AppError('error.payment_method_not_found');
}
