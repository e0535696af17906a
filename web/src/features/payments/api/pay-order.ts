import { one } from '@club/shared/api';
import { ZOrder } from '@club/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** Card at the kiosk (staff approve later) or on the person's tab, where their role allows it. */
export function payOrder(id: number, method: 'physical' | 'pay_later') {
  return api.post('/v1/order/pay', { body: { id, method }, schema: one('order', ZOrder) }).then((a) => a.order);
}

const ZVippsInitAnswer = z.object({
  success: z.literal(true),
  server_time: z.string().optional(),
  redirect_url: z.string().nullable(),
  payment_id: z.number().int(),
});

/** Starts (or resumes) the order's Vipps payment; the payer approves at `redirect_url`. */
export function startVipps(orderId: number, phone: string) {
  return api.post('/v1/payment/vipps/init', { body: { order_id: orderId, phone }, schema: ZVippsInitAnswer });
}

const ZCardInitAnswer = z.object({
  success: z.literal(true),
  server_time: z.string().optional(),
  redirect_url: z.string(),
  payment_id: z.string(),
});

/** Starts (or resumes) paying the order by card; the payer pays on Stripe's page at `redirect_url`. */
export function startCard(orderId: number) {
  return api.post('/v1/payment/card/init', { body: { order_id: orderId }, schema: ZCardInitAnswer });
}

/** Stops the order's open Vipps payment, so it cannot be approved after the payer chose another way. */
export function cancelVipps(orderId: number) {
  return api.post('/v1/payment/vipps/cancel', {
    body: { order_id: orderId },
    schema: z.object({ success: z.literal(true) }),
  });
}

/** Cancels an unpaid shop order of mine: nothing is owed, and its items go back in stock. */
export function cancelOrder(id: number) {
  return api.post('/v1/order/cancel', { body: { id }, schema: one('order', ZOrder) }).then((a) => a.order);
}

/** Cancels the order, then every order view (the detail, the waiting list, the history) reads again. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
