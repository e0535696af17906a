import { MEMBERS_ROOM, parseRoom, roleRoom, userRoom, ZHandshakeAuth, ZRoomRequest } from '@club/shared/realtime';
import type { AuthCache } from './auth.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions, tokenBucket } from './rate-limit.ts';
import { currentUser, rightsError } from './room-rights.ts';
import type { RoomSnapshots } from './room-snapshots.ts';
import type { GatewayServer, GatewaySocket, Logger } from './socket-server.ts';

type Deps = { io: GatewayServer; auth: AuthCache; snapshots: RoomSnapshots; logger: Logger };

/** A handshake shows its token (or none: the floor only); a bad one is refused. */
function checkHandshake({ io, auth, logger }: Deps) {
  io.use(async (socket, next) => {
    const parsed = ZHandshakeAuth.safeParse(socket.handshake.auth ?? {});
    if (!parsed.success) return next(new Error('error.validation_failed'));
    const token = parsed.data.token ?? null;
    socket.data.token = token;
    socket.data.user = null;
    if (!token) return next();
    try {
      const user = await auth.check(token);
      if (!user) return next(new Error('error.auth_required'));
      socket.data.user = user;
      next();
    } catch (error) {
      logger.warn({ err: String(error) }, 'could not check a handshake token');
      next(new Error('error.service_unavailable'));
    }
  });
}

/** `subscribe`, `sync` and `unsubscribe`: rights checked, then joined, then the room's snapshot. */
function onRoomRequest(deps: Deps, socket: GatewaySocket, kind: 'subscribe' | 'sync' | 'unsubscribe') {
  return async (body: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const answer = ack as (answer: unknown) => void;
    const parsed = ZRoomRequest.safeParse(body);
    if (!parsed.success) return answer({ error: 'error.validation_failed' });
    const name = parsed.data.room;
    const room = parseRoom(name)!;
    if (kind === 'unsubscribe') {
      if (!(room.kind === 'user' && socket.data.user?.id === room.id)) await socket.leave(name);
      return answer({ data: { room: name } });
    }
    const user = await currentUser(deps.auth, socket);
    if (user === 'revoked') {
      answer({ error: 'error.auth_required' });
      socket.disconnect(true);
      return;
    }
    const denied = rightsError(room, user);
    if (denied) return answer({ error: denied });
    // join first, then read: whatever happens after the read reaches the socket as an event
    await socket.join(name);
    try {
      const snapshot = await deps.snapshots.forRoom(room, name, kind === 'subscribe');
      if (typeof snapshot === 'string') {
        await socket.leave(name);
        return answer({ error: snapshot });
      }
      answer({ data: snapshot });
    } catch (error) {
      deps.logger.warn({ err: String(error), room: name }, 'snapshot for a client failed');
      answer({ error: 'error.service_unavailable' });
    }
  };
}

/**
 * Sockets: the handshake's token, a rate limit per socket (a flood disconnects), a member's own
 * rooms on connect, and the room requests.
 */
export function serveSocketRooms(deps: Deps & { rateLimit?: RateLimitOptions | undefined }): void {
  checkHandshake(deps);
  deps.io.on('connection', (socket) => {
    const bucket = tokenBucket(deps.rateLimit ?? DEFAULT_RATE_LIMIT);
    socket.use((packet, next) => {
      const verdict = bucket.take();
      if (verdict === 'ok') return next();
      const ack = packet.at(-1);
      if (typeof ack === 'function') (ack as (answer: unknown) => void)({ error: 'error.rate_limited' });
      if (verdict === 'abuse') {
        deps.logger.warn({ socket: socket.id, user: socket.data.user?.id }, 'socket disconnected for flooding');
        socket.disconnect(true);
      }
    });
    const user = socket.data.user;
    if (user) void socket.join([userRoom(user.id), MEMBERS_ROOM, roleRoom(user.role_id)]);
    socket.on('subscribe', onRoomRequest(deps, socket, 'subscribe'));
    socket.on('sync', onRoomRequest(deps, socket, 'sync'));
    socket.on('unsubscribe', onRoomRequest(deps, socket, 'unsubscribe'));
  });
}
