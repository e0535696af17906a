import { one } from '@club/shared/api';
import { ZOrder } from '@club/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

const ZOrderAnswer = one('order', ZOrder);

/** Staff confirm a card-terminal payment. */
export function approveOrder(id: number) {
  return api.post('/v1/order/approve', { body: { id }, schema: ZOrderAnswer }).then((a) => a.order);
}

/** An admin pays the order as admin, the club covering it (no money taken at the till): method `system`. */
export function payAsAdmin(id: number) {
  return api.post('/v1/payment/system', { body: { order_id: id }, schema: ZOrderAnswer }).then((a) => a.order);
}

/** An admin removes an unfinished order; shop stock is released. */
export function deleteOrder(id: number) {
  return api.post(`/v1/order/delete/${id}`, { schema: ZOrderAnswer }).then((a) => a.order);
}

const ACTIONS = { approve: approveOrder, system: payAsAdmin, delete: deleteOrder };
export type SettleAction = keyof typeof ACTIONS;

/** Approve, pay as admin or delete; every order list and the detail follow. */
export function useSettleOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SettleAction }) => ACTIONS[action](id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
