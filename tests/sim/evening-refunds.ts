/**
 * The admin's refunds in the club evening: now and then money back on a paid game, a share
 * of what is left or all of it, spread over the payment methods. They are decided on dice of
 * their own, so that choosing refunds does not reshuffle what the players do; a refund that
 * got no answer may or may not have been made, and the order says which.
 */
import type { TOrderDetail } from '@club/shared/orders';
import type { Api } from './api.ts';
import type { Action, EveningRecord } from './evening-model.ts';
import { createRandom } from './prng.ts';

/** refunds an evening chooses at most, and how many of them give everything back */
const MOST_REFUNDS = 7;
const MOST_FULL_REFUNDS = 2;

export function createRefunds(deps: {
  api: Api;
  /** the admin's login now (a restart logs in again) */
  admin: () => string;
  seed: number;
  record: EveningRecord;
  ack: (orderId: number, status: string | null) => void;
  count: (what: string) => void;
}) {
  const { api, record, ack, count } = deps;
  const dice = createRandom(deps.seed * 17 + 3);
  const gameOrders = new Set<number>();
  /** paid game orders no refund has been chosen for yet */
  const refundable: { orderId: number; method: string }[] = [];
  /** orders whose refund got no answer: what happened is read back, never asked again */
  const unsettled = new Set<number>();
  let full = 0;
  let chosen = 0;

  const refund = (orderId: number, all: boolean, share: number): Action => ({
    who: [],
    tables: [],
    label: `admin refunds ${all ? 'all of' : `${share * 10}0 % of`} ${orderId}`,
    run: async () => {
      const { order } = await api.get<{ order: TOrderDetail }>(`/v1/order/${orderId}`, deps.admin());
      const left = order.total - order.refunded_amount;
      if (!['paid', 'approved'].includes(order.status) || left <= 0) {
        count('refund-skipped');
        return;
      }
      const amount = all ? left : Math.max(1, Math.floor((left * share) / 10));
      try {
        await api.post(
          '/v1/order/refund',
          { id: orderId, ...(all ? {} : { amount }), reason: all ? 'Feil bord' : 'Kø ved bordet' },
          deps.admin(),
        );
      } catch (error) {
        unsettled.add(orderId);
        throw error;
      }
      record.refunds[orderId] = [...(record.refunds[orderId] ?? []), amount];
      if (amount === left) ack(orderId, 'refunded');
      count(all ? 'refund-full' : 'refund-partial');
    },
  });

  /** a refund on a paid game, of the method refunded least so far */
  const choose = (): Action | null => {
    if (!refundable.length) return null;
    const given = (method: string) =>
      Object.keys(record.refunds).filter((id) => record.ackedPayments[Number(id)] === method).length;
    // payments of one round finish in any order: the dice pick from a sorted list
    refundable.sort((a, b) => a.orderId - b.orderId);
    const least = Math.min(...refundable.map((r) => given(r.method)));
    const pick = dice.pick(refundable.filter((r) => given(r.method) === least));
    refundable.splice(refundable.indexOf(pick), 1);
    const all = full < MOST_FULL_REFUNDS && dice.chance(0.35);
    if (all) full++;
    chosen++;
    return refund(pick.orderId, all, dice.int(1, 9));
  };

  return {
    /** an order for a game: the only kind the admin refunds */
    gameOrder(orderId: number) {
      gameOrders.add(orderId);
    },
    /** a payment the evening had an answer for */
    paid(orderId: number, method: string) {
      if (gameOrders.has(orderId)) refundable.push({ orderId, method });
    },
    /** this round's refund, if the admin gives one */
    next(): Action | null {
      return chosen < MOST_REFUNDS && dice.chance(0.3) ? choose() : null;
    },
    /** what the refunds that got no answer did, read back from their orders */
    async reread() {
      for (const orderId of unsettled) {
        const { order } = await api.get<{ order: TOrderDetail }>(`/v1/order/${orderId}`, deps.admin());
        const made = order.refunds.filter((r) => r.state === 'SUCCEEDED').map((r) => r.amount);
        if (made.length) record.refunds[orderId] = made;
        else delete record.refunds[orderId];
        ack(orderId, order.status);
        unsettled.delete(orderId);
        count('refund-reread');
      }
    },
    /**
     * After a restart. The payment simulators live in the kiosk's process and start empty: a
     * payment made before the restart is unknown to them, and a refund of it is refused, as a
     * real provider refuses a payment it does not have; such orders are no longer refunded.
     */
    forgetProviderPayments() {
      for (let i = refundable.length - 1; i >= 0; i--) {
        if (['vipps', 'card'].includes(refundable[i]!.method)) refundable.splice(i, 1);
      }
    },
  };
}
