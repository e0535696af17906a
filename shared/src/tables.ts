import { ZBillingInterval, ZPlayerBilling } from './billing.ts';
import { ZLightDevice, ZTableLight } from './devices.ts';
import { zId, zInt, zText } from './validation.ts';
import { z } from './zod.ts';

/** The statuses of tables, games and players: written here once; the machines, the schema and the web derive theirs. */
export const TABLE_STATUSES = ['free', 'playing', 'paused'] as const;
export const GAME_STATUSES = ['playing', 'paused', 'ended'] as const;
export const PLAYER_STATUSES = ['joined', 'left', 'kicked', 'switched'] as const;
export const ZTableStatus = z.enum(TABLE_STATUSES);
export type TTableStatus = z.infer<typeof ZTableStatus>;
export const ZGameStatus = z.enum(GAME_STATUSES);
export type TGameStatus = z.infer<typeof ZGameStatus>;
export const ZPlayerStatus = z.enum(PLAYER_STATUSES);
export type TPlayerStatus = z.infer<typeof ZPlayerStatus>;

/** A free table kept for the first party on the waitlist that fits, until `until` (ISO). */
export const ZTableHold = z
  .object({ entry_id: z.number().int(), party_size: z.number().int(), until: z.string() })
  .meta({ id: 'TableHold' });
export type TTableHold = z.infer<typeof ZTableHold>;

export const ZTable = z
  .object({
    id: z.number().int(),
    name: z.string(),
    capacity: z.number().int(),
    /** øre per minute */
    price_per_minute: z.number().int(),
    active: z.boolean(),
    x: z.number(),
    y: z.number(),
    status: ZTableStatus,
    players_count: z.number().int(),
    game_id: z.number().int().nullable(),
    // reservations and out-of-order tables (DESIGN §13)
    /** out of order: nobody joins or books it */
    out_of_order: z.boolean(),
    out_of_order_reason: z.string().nullable(),
    /** the start (ISO) of the table's next booking or event block not yet claimed; null: none */
    reserved_from: z.string().nullable(),
    /** when the running game is expected to end (ISO), from the club's own history; null when free */
    predicted_free_at: z.string().nullable(),
    /** the waitlist party this free table is held for; null when it is not held */
    held_for: ZTableHold.nullable(),
    // table lights (DESIGN §14)
    // (optional only so that a table written before lights reads as one without a light)
    /** the light as its device reported it, and staff's override; null: the table has no light */
    light: ZTableLight.nullable().optional(),
    /** the relay that switches the light; null: none; left out for anyone but staff */
    light_device: ZLightDevice.nullable().optional(),
  })
  .meta({ id: 'Table' });
export type TTable = z.infer<typeof ZTable>;

export const ZPlayer = z
  .object({
    id: z.number().int(),
    game_id: z.number().int(),
    user_id: z.number().int().nullable(),
    name: z.string(),
    guest_of: z.number().int().nullable(),
    role_id: z.number().int(),
    price_per_minute: z.number().int(),
    joined_at: z.string(),
    left_at: z.string().nullable(),
    status: ZPlayerStatus,
    minutes: z.number().int(),
    total: z.number().int(),
    previous_player_id: z.number().int().nullable(),
    /** what the phone feeds the shared billing function to tick the bill every second, with the game's pauses (`playerBillingInput`) */
    billing: ZPlayerBilling,
  })
  .meta({ id: 'Player' });
export type TPlayer = z.infer<typeof ZPlayer>;

export const ZGame = z
  .object({
    id: z.number().int(),
    table_id: z.number().int(),
    status: ZGameStatus,
    started_at: z.string(),
    ending_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    players: z.array(ZPlayer),
    /** the game's pauses, in order (`to` null while it is paused): its players' bills count those while they were there */
    pauses: z.array(ZBillingInterval),
  })
  .meta({ id: 'Game' });

/**
 * Who plays the running game, as anyone logged in may see it: names and seats, never a bill,
 * a price or prepaid hours (those are the game's own players' and staff's: `ZTableWithGame.game`).
 */
export const ZGameLineup = z
  .object({
    game_id: z.number().int(),
    status: ZGameStatus,
    started_at: z.string(),
    /** the players at the table now */
    players: z.array(ZPlayer.pick({ id: true, name: true, guest_of: true })),
  })
  .meta({ id: 'GameLineup' });
export type TGameLineup = z.infer<typeof ZGameLineup>;

export const ZTableWithGame = ZTable.extend({
  /** the running game with its bills: for its players and staff only; null for anyone else, and when free */
  game: ZGame.nullable(),
  /** who plays the running game (null when free), for anyone */
  lineup: ZGameLineup.nullable(),
}).meta({ id: 'TableWithGame' });

// --- requests ---------------------------------------------------------------------

const tableFields = {
  name: zText(100),
  capacity: zInt(z.number().int().min(1).max(50)),
  price_per_minute: zInt(z.number().int().min(0).max(100_000)),
  active: z.boolean().default(true),
};
const zPlace = () => z.number().min(0).max(100);
/** without `x` and `y`, the table goes to a free place on the floor plan (`freeSpot`) */
export const ZTableCreateBody = z
  .object({ ...tableFields, x: zPlace().optional(), y: zPlace().optional() })
  .meta({ id: 'TableCreateBody' });
export type TTableCreateBody = z.input<typeof ZTableCreateBody>;
export const ZTableUpdateBody = z
  .object({
    id: zId(),
    ...tableFields,
    /** left out: where the table is now */
    x: zPlace().optional(),
    y: zPlace().optional(),
    /** the light's relay (DESIGN §14); left out: unchanged, null: the table has no light */
    light: ZLightDevice.nullable().optional(),
  })
  .meta({ id: 'TableUpdateBody' });
export type TTableUpdateBody = z.input<typeof ZTableUpdateBody>;

export const ZJoinBody = z.object({ table_id: zId() });
export const ZJoinGuestBody = z.object({ game_id: zId(), name: zText(60) });
export const ZGameIdBody = z.object({ game_id: zId() });
export const ZSwitchTableBody = z.object({ game_id: zId(), table_id: zId() });
export const ZKickBody = z.object({ game_id: zId(), player_id: zId() });
export type TGame = z.infer<typeof ZGame>;

export const ZRolePricing = z
  .object({
    id: z.number().int(),
    role_id: z.number().int(),
    table_id: z.number().int().nullable(),
    price_per_minute: z.number().int(),
  })
  .meta({ id: 'RolePricing' });
export type TRolePricing = z.infer<typeof ZRolePricing>;

/**
 * What the person asking pays per minute at a table, as the bill will charge it: their role's
 * price (`resolvePrice`, fixed at join) and the happy hour running now (`pricePerMinuteAt`).
 */
export const ZMyPrice = z
  .object({
    table_id: z.number().int(),
    /** øre per minute before any happy hour: what the bill's segment is priced at */
    price_per_minute: z.number().int(),
    /** the happy hour's percent off table time now, 0 when none runs */
    percent_off: z.number().int(),
    /** øre per minute now, after the happy hour */
    price_now: z.number().int(),
  })
  .meta({ id: 'MyPrice' });
export type TMyPrice = z.infer<typeof ZMyPrice>;

/** Sets (or with `price_per_minute: null` removes) a role's price, for all tables or one. */
export const ZPricingUpdateBody = z
  .object({
    role_id: zId(),
    table_id: zId().nullable().default(null),
    price_per_minute: zInt(z.number().int().min(0).max(100_000)).nullable(),
  })
  .meta({ id: 'PricingUpdateBody' });
