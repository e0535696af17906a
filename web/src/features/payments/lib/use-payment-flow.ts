import { paymentFlowMachine } from '@club/machines/payment-flow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { orderKeys } from '../../../lib/query-keys.ts';
import { orderQueryOptions } from '../api/get-order.ts';
import { paymentStatusQueryOptions } from '../api/get-payment-status.ts';
import { payOrder, startVipps } from '../api/pay-order.ts';
import { transferOrder } from '../api/transfer-order.ts';

/** The `{id}` of a payment route as a number (0 when it is not one). */
export function useOrderIdParam(): number {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * Runs the payment flow machine for one order with the real API behind its actors. It asks
 * the server again when the page comes back (back button from Vipps, another tab, waking
 * the phone), and refreshes every order query when the payment moves on.
 */
export function usePaymentFlow(orderId: number) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      paymentFlowMachine.provide({
        actors: {
          fetchStatus: fromPromise(({ input }) => queryClient.fetchQuery(paymentStatusQueryOptions(input.orderId))),
          startVipps: fromPromise(({ input }) => startVipps(input.orderId, input.phone)),
          choosePhysical: fromPromise(({ input }) => payOrder(input.orderId, 'physical')),
          payLater: fromPromise(({ input }) => payOrder(input.orderId, 'pay_later')),
          // the order stays waiting (the receiver has not said yes): its views show the request
          transfer: fromPromise(async ({ input }) => {
            const answer = await transferOrder(input.orderId, input.userId);
            await queryClient.invalidateQueries({ queryKey: orderKeys.all });
            return answer;
          }),
        },
      }),
    [queryClient],
  );
  const actor = useActorRef(machine, { input: { orderId } });

  // back from Vipps (bfcache), back to this tab or phone: the server says where we stand
  useEffect(() => {
    const refresh = () => actor.send({ type: 'REFRESH' });
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) refresh();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('pageshow', onShow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('pageshow', onShow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [actor]);

  // staff settled it, approved the card payment, or it moved on in another tab: `order:updated`
  // in the person's room refreshed the order, and the flow asks where it stands now
  const order = useQuery({ ...orderQueryOptions(orderId), enabled: orderId > 0 });
  const orderState = order.data ? `${order.data.status}:${order.data.method ?? ''}` : '';
  const seenState = useRef(orderState);
  useEffect(() => {
    if (seenState.current === orderState) return;
    const first = seenState.current === '';
    seenState.current = orderState;
    if (!first) actor.send({ type: 'REFRESH' });
  }, [orderState, actor]);

  // the order moved on: the detail, history, waiting and admin lists follow
  const signature = useSelector(actor, (s) => {
    const status = s.context.status;
    return status ? `${status.order_status}:${status.method}:${status.payment?.state ?? ''}` : '';
  });
  useEffect(() => {
    if (!signature) return;
    void queryClient.invalidateQueries({
      queryKey: orderKeys.all,
      predicate: (query) => query.queryKey[1] !== 'payment-status',
    });
  }, [signature, queryClient]);

  // the machine opens Vipps itself when it has a page for it
  const redirectTo = useSelector(actor, (s) => (s.hasTag('redirecting') ? s.context.redirectUrl : null));
  useEffect(() => {
    if (redirectTo) window.location.assign(redirectTo);
  }, [redirectTo]);

  return actor;
}

export type PaymentFlowActor = ReturnType<typeof usePaymentFlow>;
