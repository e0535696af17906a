/**
 * Billing (DESIGN §6): one pure function from a player's session and the club's settings to
 * what is owed at any instant. The server calls it at leave to write the order; the phone
 * calls it every second on the game snapshot, so the bill on screen and the order agree to
 * the øre.
 *
 * A session is the player's time at one table or, after switching, several (segments).
 * Billable time is time in a segment while its game plays (pauses are free). Time is
 * charged per started unit (1, 5 or 15 minutes) counted over the whole session, each unit
 * at the price of the segment where it started, so splitting play into pieces never
 * changes the total. Subscription minutes pay the first units (from the moment they were paid).
 */
import { MAX_PRICE } from './validation.ts';
import { z } from './zod.ts';

// the computation itself lives in bill.ts, with no schema in it: the phone's first download takes it without zod

/** The club's billing settings (DESIGN §6). */
export const ZBillingSettings = z
  .object({
    rounding_minutes: z.union([z.literal(1), z.literal(5), z.literal(15)]),
    minimum_charge: z.number().int().min(0).max(MAX_PRICE),
    grace_minutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
  })
  .meta({ id: 'BillingSettings' });
export type TBillingSettings = z.infer<typeof ZBillingSettings>;
export const DEFAULT_BILLING_SETTINGS: TBillingSettings = {
  rounding_minutes: 1,
  minimum_charge: 0,
  grace_minutes: 0,
};

export const ZBillingInterval = z.object({ from: z.string(), to: z.string().nullable() });
export type TBillingInterval = z.infer<typeof ZBillingInterval>;

export const ZBillingSegment = z.object({
  table_id: z.number().int(),
  /** the game the segment was played in (a game's answer names it; the bill needs the table only) */
  game_id: z.number().int().optional(),
  /** øre per minute, fixed when the player joined this table */
  price_per_minute: z.number().int().min(0),
  from: z.string(),
  to: z.string().nullable(),
  /** the game's pauses while the player was there (clipped or not: only overlap counts) */
  pauses: z.array(ZBillingInterval),
});
export type TBillingSegment = z.infer<typeof ZBillingSegment>;

export const ZBillingInput = z
  .object({
    segments: z.array(ZBillingSegment),
    /** prepaid minutes available to this session when it started */
    subscription_minutes: z.number().int().min(0),
    /**
     * when prepaid hours bought during the session were paid: units started before are charged
     * at the price, those after are paid by the hours (null: they were there from the start)
     */
    subscription_from: z.string().nullable().optional(),
    /** while the subscription was paused its minutes are not used: those units are charged */
    subscription_pauses: z.array(ZBillingInterval).default([]),
    /** percent discounts on table time, as absolute windows (happy hour): a unit started inside one is discounted */
    discount_windows: z.array(ZBillingInterval.extend({ percent: z.number().int().min(1).max(100) })).default([]),
    /**
     * fixed amounts off table time (øre), as absolute windows: the order a host's session ends
     * in gets the best one active then, once for the host and their guests (`fixedDiscountAt`)
     */
    fixed_discounts: z.array(ZBillingInterval.extend({ amount: z.number().int().min(1) })).default([]),
    settings: ZBillingSettings,
  })
  .meta({ id: 'BillingInput' });
export type TBillingInput = z.infer<typeof ZBillingInput>;

/**
 * A player's billing input as a game's answer carries it (`TPlayer.billing`): a segment in
 * the game it is shown with leaves out its pauses, which are the game's own (`TGame.pauses`),
 * so a game of four players paused a hundred times carries its pauses once, not four times.
 * `playerBillingInput` (bill.ts) puts them back.
 */
export const ZPlayerBilling = ZBillingInput.extend({
  segments: z.array(
    ZBillingSegment.extend({ game_id: z.number().int(), pauses: z.array(ZBillingInterval).optional() }),
  ),
}).meta({ id: 'PlayerBilling' });
export type TPlayerBilling = z.infer<typeof ZPlayerBilling>;

/** Price per minute for a role at a table: table-specific role price, else role price, else the table's. */
export function resolvePrice(
  table: { id: number; price_per_minute: number },
  roleId: number,
  pricing: readonly { role_id: number; table_id: number | null; price_per_minute: number }[],
): number {
  const specific = pricing.find((p) => p.role_id === roleId && p.table_id === table.id);
  if (specific) return specific.price_per_minute;
  const general = pricing.find((p) => p.role_id === roleId && p.table_id === null);
  return general ? general.price_per_minute : table.price_per_minute;
}
