import { z } from './zod.ts';

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export const DISCOUNT_TARGETS = ['table_time', 'products', 'subscriptions'] as const;

export const ZDiscount = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    /** percent (0–100) or øre */
    value: z.number().int(),
    applies_to: z.enum(DISCOUNT_TARGETS),
    role_id: z.number().int().nullable(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    /** ISO weekdays 1 (Monday) … 7 (Sunday); empty means every day */
    weekdays: z.array(z.number().int().min(1).max(7)),
    /** 'HH:MM' local club time; both null means all day */
    time_from: z.string().nullable(),
    time_to: z.string().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'Discount' });
export type TDiscount = z.infer<typeof ZDiscount>;
