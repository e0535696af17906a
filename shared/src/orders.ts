import { z } from './zod.ts';

export const ORDER_STATUSES = [
  'waiting',
  'paid',
  'canceled',
  'deleted',
  'pay_later',
  'transferred',
  'approved',
] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
export const FINAL_ORDER_STATUSES: readonly TOrderStatus[] = ['paid', 'approved', 'transferred', 'canceled', 'deleted'];

export const PAYMENT_METHODS = ['physical', 'vipps', 'system'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ORDER_ITEM_KINDS = ['game', 'product', 'subscription'] as const;

export const ZOrderItem = z
  .object({
    id: z.number().int(),
    kind: z.enum(ORDER_ITEM_KINDS),
    description: z.string(),
    quantity: z.number().int(),
    unit_price: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'OrderItem' });
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrder = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    user_id: z.number().int().nullable(),
    date: z.string(),
    status: ZOrderStatus,
    method: ZPaymentMethod.nullable(),
    items: z.array(ZOrderItem),
    subtotal: z.number().int(),
    discount_amount: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'Order' });
export type TOrder = z.infer<typeof ZOrder>;

/** `K-000123`: what a person reads out at the kiosk. */
export function orderReference(id: number): string {
  return `K-${String(id).padStart(6, '0')}`;
}
