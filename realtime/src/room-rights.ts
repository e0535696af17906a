import type { ErrorKey } from '@club/shared/errors';
import type { Room } from '@club/shared/realtime';
import type { AuthCache } from './auth.ts';
import type { SocketUser } from './kiosk-client.ts';
import type { GatewaySocket } from './socket-server.ts';

/**
 * Who may join a room: anyone the floor, a user their own room, admins the admin room. A table's
 * room is for members, and of them for the players of its game (`RoomSnapshots.seatError`) and staff.
 */
export function rightsError(room: Room, user: SocketUser | null): ErrorKey | null {
  if (room.kind === 'floor') return null;
  if (!user) return 'error.auth_required';
  if (room.kind === 'user' && room.id !== user.id) return 'error.forbidden';
  if (room.kind === 'admin' && !user.is_admin) return 'error.forbidden';
  return null;
}

/** The socket's user now: its token checked again (through the cache). */
export async function currentUser(auth: AuthCache, socket: GatewaySocket): Promise<SocketUser | null | 'revoked'> {
  const token = socket.data.token;
  if (!token) return null;
  try {
    const user = await auth.check(token);
    if (!user) return 'revoked';
    socket.data.user = user;
    return user;
  } catch {
    return socket.data.user; // the kiosk is away: what we knew a moment ago
  }
}
