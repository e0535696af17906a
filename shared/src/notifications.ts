import { z } from './zod.ts';

export const NOTIFICATION_AUDIENCES = ['all', 'role', 'user'] as const;

export const ZNotification = z
  .object({
    id: z.number().int(),
    message: z.string(),
    link_text: z.string().nullable(),
    url: z.string().nullable(),
    audience: z.enum(NOTIFICATION_AUDIENCES),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotification>;

/** Notification links go to `https:` addresses or to a path inside the app, nothing else. */
export function isSafeLink(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
