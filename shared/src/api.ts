import { ZErrorKey } from './errors.ts';
import { zId, zInt } from './validation.ts';
import { z } from './zod.ts';

/**
 * Every answer may carry the server's time so that clients can correct their clock, and the
 * kiosk's sequence number its data holds every change up to (`read_seq`, DESIGN.md §5): a
 * live room that heard nothing newer since need not be read again.
 */
const envelope = {
  success: z.literal(true),
  server_time: z.string().optional(),
  read_seq: z.number().int().optional(),
};

export const ZOk = z.object(envelope).meta({ id: 'Ok' });
export type TOk = z.infer<typeof ZOk>;

export const ZFailure = z
  .object({
    success: z.literal(false),
    message: ZErrorKey,
    errors: z.record(z.string(), z.string()).optional(),
    server_time: z.string().optional(),
  })
  .meta({ id: 'Failure' });
export type TFailure = z.infer<typeof ZFailure>;

/** `{ success, <key>: value }`: one object keyed by its entity. */
export function one<K extends string, S extends z.ZodType>(key: K, schema: S) {
  return z.object(envelope).extend({ [key]: schema } as Record<K, S>);
}

/** `{ success, data: [...] }` */
export function list<S extends z.ZodType>(item: S) {
  return z.object({ ...envelope, data: z.array(item) });
}

/** `{ success, data: [...], current_page, last_page, per_page, total }` */
export function paginated<S extends z.ZodType>(item: S) {
  return z.object({
    ...envelope,
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

export const PER_PAGE = 20;

export const ZPageQuery = z.object({
  page: zInt(z.number().int().min(1).max(100000)).default(1),
});

export const ZIdParam = z.object({ id: zId() });

export type Paginated<T> = {
  success: true;
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};
