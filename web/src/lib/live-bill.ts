import { type Bill, computeBill, playerBillingInput } from '@club/shared/bill';
import type { TGame, TPlayer } from '@club/shared/tables';

const MINUTE_MS = 60_000;

/**
 * A player's running bill at `at` (server time, ms), computed with the kiosk's own billing
 * function between the gateway's ticks. The server's last word on the player — its
 * `game:tick` (or the answer that brought the game) — wins for the minute it describes:
 * its total is what the order will carry. A phone whose clock lags (a wrong skew, a
 * sleeping tab) bills at the server's minute instead, prepaid minutes and time played included.
 */
export function liveBill(game: Pick<TGame, 'id' | 'pauses'>, player: TPlayer, at: number): Bill {
  const input = playerBillingInput(game, player.billing);
  let bill = computeBill(input, at);
  if (player.minutes > bill.minutes) {
    const shifted = computeBill(input, at + (player.minutes - bill.minutes) * MINUTE_MS);
    bill = shifted.minutes === player.minutes ? shifted : { ...bill, minutes: player.minutes };
  }
  if (player.minutes > 0 && bill.minutes === player.minutes && bill.total !== player.total) {
    return { ...bill, total: player.total };
  }
  return bill;
}
