import { zId, zInt, zNote, zText } from './validation.ts';
import { z } from './zod.ts';

/**
 * Reservations (DESIGN §13). A `booking` is a party's: a player's own, or one staff took
 * for a phone caller by name. A `block` holds a table for an event; nobody joins it.
 * `booked` → `claimed` (the holder sat down) | `canceled` | `no_show` (not claimed within
 * the club's grace minutes); a block ends `ended`.
 */
export const RESERVATION_KINDS = ['booking', 'block'] as const;
export const RESERVATION_STATUSES = ['booked', 'claimed', 'canceled', 'no_show', 'ended'] as const;
export type TReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** From this long before its start only the holder may start a game at the table. */
export const HOLD_BEFORE_START_MINUTES = 15;
/** Reservations start on the quarter hour and last whole quarters. */
export const SLOT_MINUTES = 15;
export const MIN_RESERVATION_MINUTES = 30;
export const MAX_RESERVATION_MINUTES = 8 * 60;
export const MAX_DAYS_AHEAD = 60;

export const ZReservation = z
  .object({
    id: z.number().int(),
    kind: z.enum(RESERVATION_KINDS),
    status: z.enum(RESERVATION_STATUSES),
    table_id: z.number().int(),
    table_name: z.string(),
    user_id: z.number().int().nullable(),
    /** the holder's name (a caller's name for a phone booking, the event's for a block) */
    name: z.string(),
    party_size: z.number().int(),
    starts_at: z.string(),
    ends_at: z.string(),
    minutes: z.number().int(),
    note: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Reservation' });
export type TReservation = z.infer<typeof ZReservation>;

const zStart = () => z.iso.datetime({ offset: true, message: 'validation.invalid' });
const zMinutes = () =>
  zInt(
    z
      .number()
      .int()
      .min(MIN_RESERVATION_MINUTES)
      .max(MAX_RESERVATION_MINUTES)
      .refine((m) => m % SLOT_MINUTES === 0, { message: 'validation.invalid' }),
  );

export const ZReservationCreateBody = z
  .object({
    /** null or left out: any table that fits the party and is free */
    table_id: zId().nullable().default(null),
    starts_at: zStart(),
    minutes: zMinutes(),
    party_size: zInt(z.number().int().min(1).max(50)),
    /** staff only: book for someone by name (a phone caller), or block the table for an event */
    name: zText(120).optional(),
    kind: z.enum(RESERVATION_KINDS).default('booking'),
    note: zNote(300),
  })
  .meta({ id: 'ReservationCreateBody' });
export type TReservationCreateBody = z.input<typeof ZReservationCreateBody>;

/** Staff move a reservation to another time or table (the timeline's drag). */
export const ZReservationMoveBody = z
  .object({ id: zId(), table_id: zId(), starts_at: zStart(), minutes: zMinutes() })
  .meta({ id: 'ReservationMoveBody' });
export type TReservationMoveBody = z.input<typeof ZReservationMoveBody>;

export const ZReservationDayQuery = z.object({ date: z.iso.date({ message: 'validation.invalid' }) });

/** Per-club reservation rules (admin settings). */
export const ZReservationSettings = z
  .object({
    /** a booking not claimed this many minutes after its start is released */
    grace_minutes: zInt(z.number().int().min(0).max(120)),
    /** the holder's reminder goes out this long before the start */
    reminder_minutes: zInt(
      z
        .number()
        .int()
        .min(5)
        .max(24 * 60),
    ),
    /**
     * What one player may hold at once, so nobody takes the whole floor: bookings not yet
     * over, and their hours together. Staff booking for a caller or blocking an event are not
     * held to it. Left out (settings saved before these existed): the defaults.
     */
    max_active_bookings: zInt(z.number().int().min(1).max(50)).default(3),
    max_hours_ahead: zInt(z.number().int().min(1).max(200)).default(6),
  })
  .meta({ id: 'ReservationSettings' });
export type TReservationSettings = z.infer<typeof ZReservationSettings>;
export const DEFAULT_RESERVATION_SETTINGS: TReservationSettings = {
  grace_minutes: 15,
  reminder_minutes: 120,
  max_active_bookings: 3,
  max_hours_ahead: 6,
};

/** Staff mark a table out of order with a reason, or back in order with `reason: null`. */
export const ZOutOfOrderBody = z
  .object({ table_id: zId(), reason: zText(200).nullable() })
  .meta({ id: 'OutOfOrderBody' });
