import { z } from './zod.ts';

export const ZProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    price: z.number().int(),
    count: z.number().int(),
    position: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'Product' });
export type TProduct = z.infer<typeof ZProduct>;

/** A subscription product of the catalogue: prepaid hours. */
export const ZSubscriptionProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** hours */
    duration: z.number().int(),
    price: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'SubscriptionProduct' });
export type TSubscriptionProduct = z.infer<typeof ZSubscriptionProduct>;

export const USER_SUBSCRIPTION_STATUSES = ['active', 'paused', 'expired', 'deleted'] as const;

export const ZUserSubscription = z
  .object({
    id: z.number().int(),
    subscription_id: z.number().int(),
    name: z.string(),
    duration: z.number().int(),
    remaining_minutes: z.number().int(),
    status: z.enum(USER_SUBSCRIPTION_STATUSES),
  })
  .meta({ id: 'UserSubscription' });
export type TUserSubscription = z.infer<typeof ZUserSubscription>;

export const ZCartItem = z
  .object({
    id: z.number().int(),
    product_id: z.number().int().nullable(),
    subscription_id: z.number().int().nullable(),
    name: z.string(),
    count: z.number().int(),
    unit_price: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'CartItem' });
export type TCartItem = z.infer<typeof ZCartItem>;
