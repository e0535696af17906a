import { one } from './api.ts';
import { zId, zInt, zPhone, zString, zText } from './validation.ts';
import { z } from './zod.ts';

export const ORDER_STATUSES = [
  'waiting',
  'paid',
  'canceled',
  'deleted',
  'pay_later',
  'transferred',
  'approved',
  'refunded',
] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
/** Still owed: the statuses the order machine lets be paid (checked in machines/src/order.test.ts). */
export const OPEN_ORDER_STATUSES = ['waiting', 'pay_later'] as const satisfies readonly TOrderStatus[];

export const PAYMENT_METHODS = ['physical', 'vipps', 'system', 'card', 'cash'] as const;
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
    /** game segments: the table, the minutes and how many of them a subscription paid */
    table_id: z.number().int().nullable(),
    minutes: z.number().int().nullable(),
    subscription_minutes: z.number().int().nullable(),
    /** the line's VAT percent, and the VAT in øre of what it costs after its share of the discount */
    vat_rate: z.number().int(),
    vat: z.number().int(),
  })
  .meta({ id: 'OrderItem' });
export type TOrderItem = z.infer<typeof ZOrderItem>;

/** Someone asked to take an order over; until they accept it stays its owner's. */
export const ZPendingTransfer = z
  .object({ user_id: z.number().int(), name: z.string(), requested_at: z.string() })
  .meta({ id: 'PendingTransfer' });
export type TPendingTransfer = z.infer<typeof ZPendingTransfer>;

export const ZOrder = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    kind: z.enum(['game', 'shop']),
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    date: z.string(),
    status: ZOrderStatus,
    method: ZPaymentMethod.nullable(),
    items: z.array(ZOrderItem),
    subtotal: z.number().int(),
    discount_amount: z.number().int(),
    total: z.number().int(),
    /** øre given back so far; never above what was paid */
    refunded_amount: z.number().int(),
    pending_transfer: ZPendingTransfer.nullable().default(null),
    /** sold over the counter by staff (without a buyer it is the counter's own sale) */
    counter: z.boolean().default(false),
  })
  .meta({ id: 'Order' });
export type TOrder = z.infer<typeof ZOrder>;

/** `K-000123`: what a person reads out at the kiosk. */
export function orderReference(id: number): string {
  return `K-${String(id).padStart(6, '0')}`;
}

export const ZOrderEvent = z
  .object({
    at: z.string(),
    from: ZOrderStatus.nullable(),
    to: ZOrderStatus,
    method: ZPaymentMethod.nullable(),
    actor_user_id: z.number().int().nullable(),
    actor_name: z.string().nullable(),
  })
  .meta({ id: 'OrderEvent' });
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

export const PAYMENT_STATES = [
  'CREATED',
  'AUTHORIZED',
  'CAPTURED',
  'ABORTED',
  'EXPIRED',
  'TERMINATED',
  'PENDING',
  'FAILED',
  /** paid for an order already settled some other way: its giving back asked, not yet answered */
  'REFUNDING',
  /** paid for an order already settled some other way, and given back in full */
  'REFUNDED',
] as const;

export const ZPayment = z
  .object({
    id: z.number().int(),
    provider: ZPaymentMethod,
    reference: z.string(),
    state: z.enum(PAYMENT_STATES),
    amount: z.number().int(),
    redirect_url: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Payment' });
export type TPayment = z.infer<typeof ZPayment>;

/** Money given back on an order: through the provider it was paid with, or by hand at the counter. */
export const ZRefund = z
  .object({
    id: z.number().int(),
    method: ZPaymentMethod,
    amount: z.number().int(),
    reason: z.string(),
    state: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    created_at: z.string(),
    /** the number of its return receipt, once the money is given back */
    receipt_number: z.number().int().nullable(),
  })
  .meta({ id: 'Refund' });
export type TRefund = z.infer<typeof ZRefund>;

/** What is left of one order line to return: units not returned yet and the øre (VAT included) they give back. */
export const ZReturnableLine = z.object({
  item_id: z.number().int(),
  units: z.number().int(),
  amount: z.number().int(),
});
export type TReturnableLine = z.infer<typeof ZReturnableLine>;

/**
 * The øre `quantity` units of a line give back: their share of what is left of it (its net
 * unit price after the order's discount, less any price reduction it had); the last units
 * take exactly what is left, so rounding never leaves an øre behind.
 */
export const returnWorth = (line: Pick<TReturnableLine, 'units' | 'amount'>, quantity: number) =>
  quantity >= line.units ? Math.max(0, line.amount) : Math.round((Math.max(0, line.amount) * quantity) / line.units);

/** One order as its owner (and an admin) sees it; the timeline and what is left to return are for admins. */
export const ZOrderDetail = ZOrder.extend({
  payments: z.array(ZPayment),
  refunds: z.array(ZRefund),
  timeline: z.array(ZOrderEvent).optional(),
  returnable: z.array(ZReturnableLine).optional(),
  can_pay_later: z.boolean(),
}).meta({ id: 'OrderDetail' });
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

/** A refund asked for: the order after it, and the refund (`PENDING` when the provider has not answered yet). */
export const ZOrderRefundAnswer = one('order', ZOrderDetail).extend({ refund: ZRefund });

// --- requests ---------------------------------------------------------------------

export const ZOrderIdBody = z.object({ id: zId() });
/** Settling without an online payment: card at the kiosk, by an admin, or later. */
export const ZOrderPayBody = z.object({ id: zId(), method: z.enum(['physical', 'system', 'pay_later']) });
export const ZOrderTransferBody = z.object({ id: zId(), user_id: zId() });
export const ZOrderListQuery = z
  .object({
    page: zInt(z.number().int().min(1).max(100000)).default(1),
    status: ZOrderStatus.optional(),
    method: ZPaymentMethod.optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** reference (K-000123 or 123) or the user's name or e-mail */
    q: zString().trim().max(100).optional(),
  })
  // a period that ends before it starts is a mistake to say, not a list with nothing in it
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.min', path: ['to'] });
export const ZPaymentOrderBody = z.object({ order_id: zId() });
/** Which ways of paying the club offers its players (an admin setting). */
export const ZPaymentMethodSettings = z
  .object({ vipps: z.boolean(), card: z.boolean(), physical: z.boolean() })
  .meta({ id: 'PaymentMethodSettings' });
export type TPaymentMethodSettings = z.infer<typeof ZPaymentMethodSettings>;
export const DEFAULT_PAYMENT_METHODS: TPaymentMethodSettings = { vipps: true, card: true, physical: true };

/** One order line that came back, and how many of its units. */
export const ZReturnedLine = z.object({ item_id: zId(), quantity: z.number().int().min(1).max(100_000) });
export type TReturnedLine = z.infer<typeof ZReturnedLine>;
/**
 * Gives money back (DESIGN §11). With `lines` it is a return of those units: the server
 * works out the amount, and an `amount` sent with it must be that amount (what staff saw
 * before confirming). Without `lines` it is a price reduction of `amount` (goodwill);
 * `amount` unset (or all that is left) is a return of everything left.
 */
export const ZOrderRefundBody = z
  .object({
    id: zId(),
    amount: z.number().int().min(1).max(100_000_000).optional(),
    lines: z.array(ZReturnedLine).min(1).max(200).optional(),
    reason: zText(200),
  })
  .refine((b) => !b.lines || new Set(b.lines.map((l) => l.item_id)).size === b.lines.length, {
    path: ['lines'],
    message: 'validation.invalid',
  });
export const ZVippsInitBody = z.object({ order_id: zId(), phone: zPhone() });

export const ZPaymentStatus = z
  .object({
    order_id: z.number().int(),
    order_status: ZOrderStatus,
    method: ZPaymentMethod.nullable(),
    total: z.number().int(),
    payment: ZPayment.nullable(),
  })
  .meta({ id: 'PaymentStatus' });
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** What a player may see of another person to hand them an order: a name, nothing more. */
export const ZUserHandle = z
  .object({ id: z.number().int(), name: z.string(), surname: z.string() })
  .meta({ id: 'UserHandle' });
export const ZUserSearchQuery = z.object({ q: zString().trim().min(2).max(60) });
