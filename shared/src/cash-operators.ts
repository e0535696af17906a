/**
 * Cash points, counter operators and walk-in guests (DESIGN §12): staff sign in to a cash
 * point with a personal PIN on a shared counter tablet, and every registration names them.
 */

import { zId, zPasswordTyped, zText } from './validation.ts';
import { z } from './zod.ts';

/** A signed-in operator who does nothing for this long is signed out, by the server too. */
export const OPERATOR_IDLE_MS = 5 * 60 * 1000;

/** A personal PIN: 4 to 6 digits. */
export const ZPin = z.string().regex(/^\d{4,6}$/, { message: 'validation.pin' });

export const ZCashPoint = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CashPoint' });
export type TCashPoint = z.infer<typeof ZCashPoint>;
export const ZCashPointBody = z.object({ name: zText(100) }).meta({ id: 'CashPointBody' });
export type TCashPointBody = z.input<typeof ZCashPointBody>;
/** Which cash point a report or drawer registration is for; without it, the operator's on this device, else the first. */
export const ZCashPointQuery = z.object({ cash_point_id: zId().optional() });

/** A staff member who may sign in at the counter; `has_pin` false until they choose one. */
export const ZOperatorCandidate = z
  .object({ user_id: z.number().int(), name: z.string(), has_pin: z.boolean() })
  .meta({ id: 'OperatorCandidate' });
export type TOperatorCandidate = z.infer<typeof ZOperatorCandidate>;

export const ZOperatorLoginBody = z
  .object({ cash_point_id: zId(), user_id: zId(), pin: ZPin })
  .meta({ id: 'OperatorLoginBody' });
export type TOperatorLoginBody = z.input<typeof ZOperatorLoginBody>;

/** Who is signed in at this device's counter, and until when unless they act. */
export const ZCounterOperator = z
  .object({
    user_id: z.number().int(),
    name: z.string(),
    cash_point: ZCashPoint,
    signed_in_at: z.string(),
    idle_until: z.string(),
  })
  .meta({ id: 'CounterOperator' });
export type TCounterOperator = z.infer<typeof ZCounterOperator>;

export const ZSetPinBody = z.object({ pin: ZPin }).meta({ id: 'SetPinBody' });
export type TSetPinBody = z.input<typeof ZSetPinBody>;
/** Another staff member's PIN: the admin setting it types their own password again. */
export const ZSetStaffPinBody = ZSetPinBody.extend({ password: zPasswordTyped() }).meta({ id: 'SetStaffPinBody' });
export type TSetStaffPinBody = z.input<typeof ZSetStaffPinBody>;

/** A guest without an account: staff start a table for them by name; they cannot log in. */
export const ZWalkInBody = z.object({ name: zText(100), table_id: zId() }).meta({ id: 'WalkInBody' });
export type TWalkInBody = z.input<typeof ZWalkInBody>;
export const ZWalkIn = z
  .object({
    user_id: z.number().int(),
    name: z.string(),
    game_id: z.number().int(),
    player_id: z.number().int(),
    table_id: z.number().int(),
    table_name: z.string(),
    joined_at: z.string(),
  })
  .meta({ id: 'WalkIn' });
export type TWalkIn = z.infer<typeof ZWalkIn>;

/** Kiosk items sold over the counter, to nobody in particular or to a player. */
export const ZCounterOrderBody = z
  .object({
    items: z
      .array(z.object({ product_id: zId(), count: z.number().int().min(1).max(99) }))
      .min(1)
      .max(50),
    user_id: zId().optional(),
  })
  .meta({ id: 'CounterOrderBody' });
export type TCounterOrderBody = z.input<typeof ZCounterOrderBody>;

/** Settled at the till: card on the terminal (`physical`) or Vipps shown at the counter. */
export const COUNTER_METHODS = ['physical', 'vipps'] as const;
export const ZCounterPayBody = z
  .object({ order_id: zId(), method: z.enum(COUNTER_METHODS) })
  .meta({ id: 'CounterPayBody' });
export type TCounterPayBody = z.input<typeof ZCounterPayBody>;

/** A counter sale dropped before it was paid: its stock goes back on the shelf. */
export const ZCounterCancelBody = z.object({ order_id: zId() }).meta({ id: 'CounterCancelBody' });
export type TCounterCancelBody = z.input<typeof ZCounterCancelBody>;

/** A walk-in guest's bill still to pay at the counter. */
export const ZUnpaidWalkIn = z
  .object({ order_id: z.number().int(), name: z.string(), total: z.number().int(), created_at: z.string() })
  .meta({ id: 'UnpaidWalkIn' });
export type TUnpaidWalkIn = z.infer<typeof ZUnpaidWalkIn>;
