import { ADMIN_ROOM, roleRoom, STAFF_ROOM } from '@club/shared/realtime';
import type { AuthCache } from './auth.ts';
import { currentUser } from './room-rights.ts';
import type { GatewayServer } from './socket-server.ts';

/** sockets whose tokens are rechecked between two turns of the event loop (about a millisecond of work) */
const RECHECK_SLICE = 50;

/**
 * Tokens are checked again now and then: a revoked one loses its socket, a demoted admin the
 * admin room (and staff's), a new role its old role's room. In slices, with a turn of the event loop between
 * them: one sweep of 2500 sockets in a go held the event loop for 54–67 ms, and a fan-out it
 * fell on waited as long (the realtime bench's slowest rounds).
 */
export async function recheckSockets(io: GatewayServer, auth: AuthCache): Promise<void> {
  const sockets = [...io.of('/').sockets.values()].filter((s) => s.data.token);
  for (const [i, socket] of sockets.entries()) {
    if (i > 0 && i % RECHECK_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (socket.disconnected) continue;
    const user = await currentUser(auth, socket);
    if (user === 'revoked') socket.disconnect(true);
    else if (user) {
      if (!user.is_admin && socket.rooms.has(ADMIN_ROOM)) await socket.leave(ADMIN_ROOM);
      if (user.is_admin !== socket.rooms.has(STAFF_ROOM))
        await (user.is_admin ? socket.join(STAFF_ROOM) : socket.leave(STAFF_ROOM));
      // a new role: its notifications from now on, not the old role's
      for (const room of socket.rooms)
        if (room.startsWith('role-') && room !== roleRoom(user.role_id)) await socket.leave(room);
      if (!socket.rooms.has(roleRoom(user.role_id))) await socket.join(roleRoom(user.role_id));
    }
  }
}
