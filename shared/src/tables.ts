import { z } from './zod.ts';

export const TABLE_STATUSES = ['free', 'playing', 'paused'] as const;
export const GAME_STATUSES = ['playing', 'paused', 'ended'] as const;
export const PLAYER_STATUSES = ['joined', 'left', 'kicked', 'switched'] as const;

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
    status: z.enum(TABLE_STATUSES),
    players_count: z.number().int(),
    game_id: z.number().int().nullable(),
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
    status: z.enum(PLAYER_STATUSES),
    minutes: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'Player' });
export type TPlayer = z.infer<typeof ZPlayer>;

export const ZGame = z
  .object({
    id: z.number().int(),
    table_id: z.number().int(),
    status: z.enum(GAME_STATUSES),
    started_at: z.string(),
    ending_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    players: z.array(ZPlayer),
  })
  .meta({ id: 'Game' });
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

/** The club's billing settings (DESIGN §6). */
export const ZBillingSettings = z
  .object({
    rounding_minutes: z.union([z.literal(1), z.literal(5), z.literal(15)]),
    minimum_charge: z.number().int().min(0),
    grace_minutes: z.number().int().min(0),
  })
  .meta({ id: 'BillingSettings' });
export type TBillingSettings = z.infer<typeof ZBillingSettings>;
export const DEFAULT_BILLING_SETTINGS: TBillingSettings = {
  rounding_minutes: 1,
  minimum_charge: 0,
  grace_minutes: 0,
};
