import { type Bill, computeBill } from '@club/shared/bill';
import type { TPlayer } from '@club/shared/tables';

/**
 * A player's running bill at `at` (server time, ms), computed with the kiosk's own billing
 * function between the gateway's ticks. Until the phone's clock passes the minute the
 * server last described — its `game:tick` (or the answer that brought the game) — the
 * server's minutes and total are the ones shown: they are what the order will carry, and a
 * phone whose clock lags (a wrong skew, a sleeping tab) still shows the right amount.
 */
export function liveBill(player: TPlayer, at: number): Bill {
  const bill = computeBill(player.billing, at);
  if (player.minutes > 0 && player.minutes >= bill.minutes && bill.total !== player.total) {
    return { ...bill, minutes: player.minutes, total: player.total };
  }
  return bill;
}
