/** Realtime room names (DESIGN §5), without the payload schemas of realtime.ts. */
export const FLOOR_ROOM = 'floor';
export const ADMIN_ROOM = 'admin';
export const tableRoom = (tableId: number) => `table:${tableId}`;
export const userRoom = (userId: number) => `user:${userId}`;

export type Room = { kind: 'floor' } | { kind: 'admin' } | { kind: 'table'; id: number } | { kind: 'user'; id: number };

const ROOM_PATTERN = /^(floor|admin)$|^(table|user):([1-9][0-9]{0,9})$/;

/**
 * Rooms the gateway puts sockets in itself, for notifications: every logged-in person, and
 * each role. Their names do not match ROOM_PATTERN, so nobody can subscribe to them.
 */
export const MEMBERS_ROOM = 'members';
export const roleRoom = (roleId: number) => `role-${roleId}`;
/** Staff's sockets (is_admin): they keep a table's room when a game they played in goes on without them. */
export const STAFF_ROOM = 'staff';

/** The room a name stands for, or null for anything else. */
export function parseRoom(name: string): Room | null {
  const match = ROOM_PATTERN.exec(name);
  if (!match) return null;
  if (match[1] === 'floor') return { kind: 'floor' };
  if (match[1] === 'admin') return { kind: 'admin' };
  const id = Number(match[3]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  return { kind: match[2] as 'table' | 'user', id };
}

export function roomName(room: Room): string {
  if (room.kind === 'table') return tableRoom(room.id);
  if (room.kind === 'user') return userRoom(room.id);
  return room.kind;
}
