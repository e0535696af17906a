import { z } from './zod.ts';

/**
 * Whether a player who owes money (an order waiting or on their tab) may start or join a
 * game. Off by default: the home page shows the debt either way; on, joining is refused
 * with `error.unpaid_orders_block_games` until it is paid.
 */
export const ZDebtSettings = z.object({ block_new_games: z.boolean() }).meta({ id: 'DebtSettings' });
export type TDebtSettings = z.infer<typeof ZDebtSettings>;
export const DEFAULT_DEBT_SETTINGS: TDebtSettings = { block_new_games: false };
