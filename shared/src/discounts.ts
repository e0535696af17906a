import { zId, zInt, zText } from './validation.ts';
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

const hhmm = () =>
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.invalid' })
    .nullable()
    .default(null);

export const ZDiscountBody = z
  .object({
    name: zText(150),
    kind: z.enum(DISCOUNT_KINDS),
    value: zInt(z.number().int().min(1).max(10_000_000)),
    applies_to: z.enum(DISCOUNT_TARGETS),
    role_id: zId().nullable().default(null),
    valid_from: z.iso.datetime({ offset: true }).nullable().default(null),
    valid_to: z.iso.datetime({ offset: true }).nullable().default(null),
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    time_from: hhmm(),
    time_to: hhmm(),
    active: z.boolean().default(true),
  })
  .refine((d) => d.kind !== 'percent' || d.value <= 100, { message: 'validation.max', path: ['value'] })
  .refine((d) => (d.time_from === null) === (d.time_to === null), { message: 'validation.required', path: ['time_to'] })
  // instants, not texts: 10:00+05:00 comes before 06:00Z
  .refine((d) => !d.valid_from || !d.valid_to || Date.parse(d.valid_from) < Date.parse(d.valid_to), {
    message: 'validation.invalid',
    path: ['valid_to'],
  })
  .meta({ id: 'DiscountBody' });
export const ZDiscountUpdateBody = z.intersection(ZDiscountBody, z.object({ id: zId() }));
