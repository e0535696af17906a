/**
 * The waitlist (DESIGN §13): parties waiting for a table, in line order. When a table frees,
 * the first party that fits is offered it and the table is held for them for the club's claim
 * minutes; then it goes to the next.
 */
import { zId, zInt, zText } from './validation.ts';
import { z } from './zod.ts';

export const WAITLIST_STATUSES = ['waiting', 'offered', 'seated', 'left', 'expired', 'removed'] as const;
export type TWaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** the statuses of a party still in line (an offer is still in line until it is claimed or runs out) */
export const OPEN_WAITLIST_STATUSES = ['waiting', 'offered'] as const satisfies readonly TWaitlistStatus[];

export const MAX_PARTY_SIZE = 50;

export const ZWaitlistOffer = z
  .object({
    table_id: z.number().int(),
    table_name: z.string(),
    /** the table is held until then (ISO) */
    expires_at: z.string(),
  })
  .meta({ id: 'WaitlistOffer' });
export type TWaitlistOffer = z.infer<typeof ZWaitlistOffer>;

export const ZWaitlistEntry = z
  .object({
    id: z.number().int(),
    /** null for a walk-in staff added by name */
    user_id: z.number().int().nullable(),
    name: z.string(),
    party_size: z.number().int(),
    status: z.enum(WAITLIST_STATUSES),
    /** 1 for the first party in line */
    position: z.number().int(),
    created_at: z.string(),
    /** minutes until a table that fits is expected to free (0: now); null when none fits the party */
    predicted_wait_minutes: z.number().int().nullable(),
    offer: ZWaitlistOffer.nullable(),
  })
  .meta({ id: 'WaitlistEntry' });
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

/** `GET /v1/waitlist`: the caller's place in line (null when not in it) and how many wait. */
export const ZMyWaitlist = z
  .object({
    success: z.literal(true),
    server_time: z.string().optional(),
    entry: ZWaitlistEntry.nullable(),
    waiting: z.number().int(),
  })
  .meta({ id: 'MyWaitlist' });
export type TMyWaitlist = z.infer<typeof ZMyWaitlist>;

const partySize = zInt(z.number().int().min(1).max(MAX_PARTY_SIZE));
export const ZWaitlistJoinBody = z.object({ party_size: partySize }).meta({ id: 'WaitlistJoinBody' });
export type TWaitlistJoinBody = z.input<typeof ZWaitlistJoinBody>;
/** Staff add a walk-in by name. */
export const ZWaitlistAddBody = z.object({ name: zText(100), party_size: partySize }).meta({ id: 'WaitlistAddBody' });
export type TWaitlistAddBody = z.input<typeof ZWaitlistAddBody>;
export const ZWaitlistIdBody = z.object({ id: zId() }).meta({ id: 'WaitlistIdBody' });
export const ZWaitlistMoveBody = z
  .object({ id: zId(), direction: z.enum(['up', 'down']) })
  .meta({ id: 'WaitlistMoveBody' });
export type TWaitlistMoveBody = z.input<typeof ZWaitlistMoveBody>;

/** How long an offered table is held for its party before it goes to the next (admin setting). */
export const ZWaitlistSettings = z
  .object({ claim_minutes: zInt(z.number().int().min(1).max(60)) })
  .meta({ id: 'WaitlistSettings' });
export type TWaitlistSettings = z.infer<typeof ZWaitlistSettings>;
export const DEFAULT_WAITLIST_SETTINGS: TWaitlistSettings = { claim_minutes: 5 };
