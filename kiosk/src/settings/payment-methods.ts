import { AppError } from '@club/shared/errors';
import type { TPaymentMethodSettings } from '@club/shared/orders';
import type { Executor } from '../db/client.ts';
import { paymentMethods } from './club-settings.ts';

/** A way of paying the club has switched off is refused (`error.payment_method_not_found`). */
export async function requirePaymentMethod(db: Executor, method: keyof TPaymentMethodSettings): Promise<void> {
  if (!(await paymentMethods.get(db))[method]) throw new AppError('error.payment_method_not_found');
}
