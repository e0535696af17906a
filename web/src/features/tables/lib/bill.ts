import { type Bill, fixedDiscountAt } from '@club/shared/bill';
import type { TGame, TPlayer } from '@club/shared/tables';
import { liveBill } from '../../../lib/live-bill.ts';

export interface PlayerBill {
  player: TPlayer;
  bill: Bill;
}

/** A player at the table with the guests on their bill, and what the host pays at leave. */
export interface BillGroup {
  host: PlayerBill;
  guests: PlayerBill[];
  /** a fixed amount off table time, taken off the group's time once (`fixedDiscountAt`) */
  discount: number;
  /** the host's own time plus every guest's, less that amount: the order total if the host left now */
  total: number;
}

/** Guests still at the table, or gone home earlier but still on the host's bill. */
const ON_BILL = new Set<TPlayer['status']>(['joined', 'left', 'kicked']);

/**
 * Every player still at the table with their guests and live bills at `at` (server time,
 * ms), computed with the same function the kiosk uses to write the order (`liveBill`).
 */
export function groupBills(game: TGame, at: number): BillGroup[] {
  const billOf = (player: TPlayer): PlayerBill => ({ player, bill: liveBill(game, player, at) });
  return game.players
    .filter((p) => p.guest_of === null && p.status === 'joined')
    .map((host) => {
      const guests = game.players
        .filter((p) => p.guest_of === host.id && ON_BILL.has(p.status))
        .map(billOf)
        .sort((a, b) => Number(b.player.status === 'joined') - Number(a.player.status === 'joined'));
      const own = billOf(host);
      const time = own.bill.total + guests.reduce((sum, g) => sum + g.bill.total, 0);
      const discount = fixedDiscountAt(host.billing, at, time);
      return { host: own, guests, discount, total: time - discount };
    });
}

/** Prepaid minutes the player still has in this session (never below zero). */
export function prepaidLeft(player: TPlayer, bill: Bill): number {
  return Math.max(0, player.billing.subscription_minutes - bill.subscription_minutes);
}
