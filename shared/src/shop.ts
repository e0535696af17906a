import { zId, zInt, zMoney, zNote, zText } from './validation.ts';
import { ZVatRate } from './vat.ts';
import { z } from './zod.ts';

export const ZProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    thumbnail: z.string().nullable(),
    price: z.number().int(),
    count: z.number().int(),
    position: z.number().int(),
    active: z.boolean(),
    /** VAT percent inside the price */
    vat_rate: ZVatRate,
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
    /** VAT percent inside the price */
    vat_rate: ZVatRate,
    /** an active subscription of this product lets its holder open the club's door (DESIGN §14) */
    door_access: z.boolean(),
  })
  .meta({ id: 'SubscriptionProduct' });
export type TSubscriptionProduct = z.infer<typeof ZSubscriptionProduct>;

/** `refunded`: ended because the money that bought it was given back */
export const USER_SUBSCRIPTION_STATUSES = ['active', 'paused', 'expired', 'deleted', 'refunded'] as const;
export type TUserSubscriptionStatus = (typeof USER_SUBSCRIPTION_STATUSES)[number];

export const ZUserSubscription = z
  .object({
    id: z.number().int(),
    subscription_id: z.number().int(),
    name: z.string(),
    duration: z.number().int(),
    remaining_minutes: z.number().int(),
    /** minutes taken back because the money that bought them was refunded */
    refunded_minutes: z.number().int(),
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

// --- requests ---------------------------------------------------------------------

const productFields = {
  name: zText(150),
  description: zNote(2000),
  price: zMoney(),
  count: zInt(z.number().int().min(0).max(1_000_000)),
  active: z.boolean().default(true),
  /** left out: 25 % for a new product, unchanged on an update */
  vat_rate: ZVatRate.optional(),
};
export const ZProductCreateBody = z.object(productFields).meta({ id: 'ProductCreateBody' });
export const ZProductUpdateBody = z.object({ id: zId(), ...productFields }).meta({ id: 'ProductUpdateBody' });
export const ZProductMoveBody = z.object({ id: zId(), direction: z.enum(['up', 'down']) });

const subscriptionFields = {
  name: zText(150),
  duration: zInt(z.number().int().min(1).max(10_000)),
  price: zMoney(),
  active: z.boolean().default(true),
  /** left out: 25 % for a new subscription, unchanged on an update */
  vat_rate: ZVatRate.optional(),
  /** left out: no door access for a new subscription, unchanged on an update */
  door_access: z.boolean().optional(),
};
export const ZSubscriptionCreateBody = z.object(subscriptionFields).meta({ id: 'SubscriptionCreateBody' });
export const ZSubscriptionUpdateBody = z
  .object({ id: zId(), ...subscriptionFields })
  .meta({ id: 'SubscriptionUpdateBody' });
export const ZSubscriptionIdBody = z.object({ id: zId() });
export const ZSubscriptionAddBody = z.object({ user_id: zId(), subscription_id: zId() });

export const ZCartAddBody = z
  .object({
    product_id: zId().optional(),
    subscription_id: zId().optional(),
    count: zInt(z.number().int().min(1).max(99)).default(1),
  })
  .refine((v) => (v.product_id === undefined) !== (v.subscription_id === undefined), {
    message: 'validation.required',
    path: ['product_id'],
  });
export const ZCartUpdateBody = z.object({ item_id: zId(), count: zInt(z.number().int().min(1).max(99)) });
export const ZCartRemoveBody = z.object({ item_id: zId() });

export const ZCart = z.object({ items: z.array(ZCartItem), total: z.number().int() }).meta({ id: 'Cart' });
export type TCart = z.infer<typeof ZCart>;
