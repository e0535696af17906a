import { zId, zString, zText } from './validation.ts';
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
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });

/** What admins see and edit: the audience and the time it is shown. */
export const ZNotificationAdmin = ZNotification.omit({ read_at: true })
  .extend({
    role_id: z.number().int().nullable(),
    user_id: z.number().int().nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    read_count: z.number().int(),
  })
  .meta({ id: 'NotificationAdmin' });
export type TNotificationAdmin = z.infer<typeof ZNotificationAdmin>;
export type TNotification = z.infer<typeof ZNotification>;

const IN_APP = 'https://in-app.invalid';

/**
 * A path inside the app: it starts with one `/` and, resolved the way a browser resolves it,
 * stays on our origin (`/\evil.example` or `/<tab>/evil.example` are other hosts to a browser).
 */
export function isInAppPath(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    return new URL(url, IN_APP).origin === IN_APP;
  } catch {
    return false;
  }
}

/** Notification links go to `https:` addresses or to a path inside the app, nothing else. */
export function isSafeLink(url: string): boolean {
  if (url.startsWith('/')) return isInAppPath(url);
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

const zLink = () =>
  zString().trim().max(500).refine(isSafeLink, { message: 'validation.url' }).nullable().default(null);

export const ZNotificationBody = z
  .object({
    message: zText(1000),
    link_text: zString().trim().max(100).nullable().default(null),
    url: zLink(),
    audience: z.enum(NOTIFICATION_AUDIENCES),
    role_id: zId().nullable().default(null),
    user_id: zId().nullable().default(null),
    starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((n) => n.audience !== 'role' || n.role_id !== null, { message: 'validation.required', path: ['role_id'] })
  .refine((n) => n.audience !== 'user' || n.user_id !== null, { message: 'validation.required', path: ['user_id'] })
  .refine((n) => !n.starts_at || !n.ends_at || n.starts_at < n.ends_at, {
    message: 'validation.invalid',
    path: ['ends_at'],
  })
  .meta({ id: 'NotificationBody' });
export const ZNotificationUpdateBody = z.intersection(ZNotificationBody, z.object({ id: zId() }));
