import type { TNotification } from '@club/shared/notifications';
import { MEMBERS_ROOM, roleRoom, type TKioskRead, userRoom } from '@club/shared/realtime';

export type KioskNotification = TKioskRead['notifications'][number];

/** What a member's list shows of a new notification (not yet read). */
export const toNotification = (n: KioskNotification): TNotification => ({
  id: n.id,
  message: n.message,
  link_text: n.link_text,
  url: n.url,
  audience: n.audience,
  read_at: null,
  created_at: n.created_at,
});

/**
 * Who sees a new notification now: its person, its role or every member. One that starts
 * later (or has ended) is not announced; the list shows it in its time.
 */
export function notificationRoom(note: KioskNotification, at: number): string | null {
  if (note.starts_at && Date.parse(note.starts_at) > at) return null;
  if (note.ends_at && Date.parse(note.ends_at) <= at) return null;
  if (note.audience === 'user') return note.user_id === null ? null : userRoom(note.user_id);
  if (note.audience === 'role') return note.role_id === null ? null : roleRoom(note.role_id);
  return MEMBERS_ROOM;
}
