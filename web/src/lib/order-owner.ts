import type { TOrder } from '@club/shared/orders';
import type { TFunction } from 'i18next';

/**
 * Whose order it is, in words: the buyer's name (a walk-in guest's too), the counter for what
 * staff sold over it to nobody in particular, and an unknown member only for an account gone.
 */
export function orderOwner(t: TFunction, order: Pick<TOrder, 'user_name' | 'counter'>): string {
  const name = order.user_name?.trim();
  if (name) return name;
  // the console's texts: every staff screen has them loaded, the counter's too
  return order.counter ? t('adminConsole.owner.counter') : t('adminConsole.owner.unknown');
}
