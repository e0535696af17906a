import { list, one, ZOk } from '@club/shared/api';
import { RECEIPT_COPY_HEADER, ZCashPayment } from '@club/shared/cash';
import {
  type TCounterCancelBody,
  type TCounterOperator,
  type TCounterOrderBody,
  type TCounterPayBody,
  type TOperatorLoginBody,
  type TSetStaffPinBody,
  type TWalkInBody,
  ZCashPoint,
  ZCounterOperator,
  ZOperatorCandidate,
  ZUnpaidWalkIn,
  ZWalkIn,
} from '@club/shared/cash-operators';
import { ZOrder, ZOrderDetail } from '@club/shared/orders';
import { ZProduct } from '@club/shared/shop';
import { ZTable } from '@club/shared/tables';
import { z } from '@club/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { cashPointKeys } from '../../../api/get-cash-points.ts';
import { api } from '../../../lib/api.ts';
import { counterKeys, orderKeys } from '../../../lib/query-keys.ts';

const ZOperatorAnswer = one('operator', ZCounterOperator.nullable());
const ZWalkInsAnswer = one('playing', z.array(ZWalkIn)).extend({ unpaid: z.array(ZUnpaidWalkIn) });

/** a moment past the idle limit, so the server has signed the operator out when asked */
const IDLE_MARGIN_MS = 2_000;

/**
 * Who is signed in at this counter. A sign-in elsewhere reaches staff (`feed:changed`); the
 * server signs an idle operator out at `idle_until`, and the counter asks once then to show it.
 * `idle_until` is on the server's clock: a tablet whose own clock is slow would otherwise show
 * the operator signed in, and offer to take cash, after the server had signed them out.
 */
export function useCounterOperator() {
  const queryClient = useQueryClient();
  const operator = useQuery({
    queryKey: counterKeys.operator(),
    queryFn: ({ signal }): Promise<TCounterOperator | null> =>
      api.get('/v1/cash/operator', { schema: ZOperatorAnswer, signal }).then((a) => a.operator),
    staleTime: 0,
  });
  const idleUntil = operator.data?.idle_until;
  useEffect(() => {
    if (!idleUntil) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: counterKeys.operator(), exact: true }),
      Math.max(0, Date.parse(idleUntil) - api.serverNow()) + IDLE_MARGIN_MS,
    );
    return () => clearTimeout(timer);
  }, [idleUntil, queryClient]);
  return operator;
}

export function useOperatorCandidates() {
  return useQuery({
    queryKey: counterKeys.operators(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/cash/operators', { schema: one('operators', z.array(ZOperatorCandidate)), signal })
        .then((a) => a.operators),
  });
}

export function useWalkIns() {
  return useQuery({
    queryKey: counterKeys.walkIns(),
    queryFn: ({ signal }) => api.get('/v1/cash/walk-ins', { schema: ZWalkInsAnswer, signal }),
    staleTime: 0,
  });
}

export function useCounterProducts() {
  return useQuery({
    queryKey: counterKeys.products(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/product/all', { schema: list(ZProduct), signal })
        .then((a) => a.data.filter((p) => p.active && p.count > 0)),
    staleTime: 0,
  });
}

export function useCounterTables() {
  return useQuery({
    queryKey: counterKeys.tables(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/table/all', { schema: list(ZTable), signal })
        .then((a) => a.data.filter((t) => t.active && !t.out_of_order)),
    staleTime: 0,
  });
}

/** After any counter action the counter's reads and the orders' lists are stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: counterKeys.all });
    void queryClient.invalidateQueries({ queryKey: cashPointKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
}

export function useOperatorLogIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TOperatorLoginBody) =>
      api.post('/v1/cash/operator/login', { body, schema: one('operator', ZCounterOperator) }).then((a) => a.operator),
    onSuccess: refresh,
  });
}

export function useOperatorLogOut() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post('/v1/cash/operator/logout', { schema: ZOk }),
    onSettled: refresh,
  });
}

export function useSetMyPin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (pin: string) => api.post('/v1/cash/operator/pin', { body: { pin }, schema: ZOk }),
    onSuccess: refresh,
  });
}

export function useStartWalkIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TWalkInBody) => api.post('/v1/cash/walk-ins', { body, schema: ZWalkInsAnswer }),
    onSettled: refresh,
  });
}

/** Stops a walk-in guest's time: their bill is made, to pay at the counter. */
export function useStopWalkIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { game_id: number; player_id: number }) =>
      api.post('/v1/game/kick', { body, schema: one('order_id', z.number().int().nullable()) }),
    onSettled: refresh,
  });
}

export function useCounterOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TCounterOrderBody) =>
      api.post('/v1/cash/counter/order', { body, schema: one('order', ZOrder) }).then((a) => a.order),
    onSettled: refresh,
  });
}

/** Counter sales still to pay: after a reload the counter finds them here. */
export function useOpenCounterSales() {
  return useQuery({
    queryKey: counterKeys.openSales(),
    queryFn: ({ signal }) => api.get('/v1/cash/counter/open', { schema: list(ZOrder), signal }).then((a) => a.data),
    staleTime: 0,
  });
}

/** Drops an unpaid counter sale; its items go back in stock. */
export function useCancelCounterSale() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TCounterCancelBody) =>
      api.post('/v1/cash/counter/cancel', { body, schema: one('order', ZOrder) }).then((a) => a.order),
    onSettled: refresh,
  });
}

export function useCounterPay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TCounterPayBody) =>
      api.post('/v1/cash/counter/pay', { body, schema: one('order', ZOrder) }).then((a) => a.order),
    onSettled: refresh,
  });
}

export function useCashPay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { order_id: number; received: number }) =>
      api.post('/v1/payment/cash', { body, schema: one('payment', ZCashPayment) }).then((a) => a.payment),
    onSettled: refresh,
  });
}

export function useCounterOrderDetail(orderId: number) {
  return useQuery({
    queryKey: orderKeys.one(orderId),
    queryFn: ({ signal }) =>
      api.get(`/v1/order/${orderId}`, { schema: one('order', ZOrderDetail), signal }).then((a) => a.order),
    enabled: orderId > 0,
  });
}

/**
 * The receipt's print page (80 mm / A4) as the kiosk renders it: fetched with the staff's
 * session, to show in a frame and print from there.
 */
export async function fetchReceiptHtml(orderId: number, lang: string): Promise<{ html: string; copy: boolean }> {
  const response = await fetch(`/v1/receipt/${orderId}?format=html&lang=${encodeURIComponent(lang)}`, {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`receipt ${response.status}`);
  return { html: await response.text(), copy: response.headers.get(RECEIPT_COPY_HEADER) === 'true' };
}

/** A copy made on purpose to print (`POST /v1/receipt/{id}/copy`): counted, journaled, marked KOPI. */
export async function fetchReceiptCopyHtml(orderId: number, lang: string): Promise<string> {
  const response = await fetch(`/v1/receipt/${orderId}/copy?format=html&lang=${encodeURIComponent(lang)}`, {
    method: 'POST',
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ReceiptCopyError(response.status);
  return response.text();
}

export class ReceiptCopyError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`receipt copy ${status}`);
    this.status = status;
  }
}

export function useSetStaffPin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ user_id, ...body }: TSetStaffPinBody & { user_id: number }) =>
      api.post(`/v1/cash/operators/${user_id}/pin`, { body, schema: ZOk }),
    onSuccess: refresh,
  });
}

export function useAddCashPoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) =>
      api.post('/v1/cash/points', { body: { name }, schema: one('cash_point', ZCashPoint) }).then((a) => a.cash_point),
    onSuccess: refresh,
  });
}

export function useRenameCashPoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) =>
      api
        .post(`/v1/cash/points/${input.id}`, { body: { name: input.name }, schema: one('cash_point', ZCashPoint) })
        .then((a) => a.cash_point),
    onSuccess: refresh,
  });
}
