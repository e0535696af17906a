import {
  MEMBERS_ROOM,
  parseRoom,
  roleRoom,
  STAFF_ROOM,
  userRoom,
  ZHandshakeAuth,
  ZRoomRequest,
} from '@club/shared/realtime';
import { SESSION_COOKIE, SESSION_TOKEN_PATTERN } from '@club/shared/session';
import { parse } from 'hono/utils/cookie';
import type { AuthCache } from './auth.ts';
import type { Failures } from './errors.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions, tokenBucket } from './rate-limit.ts';
import { currentUser, rightsError } from './room-rights.ts';
import type { RoomSnapshots } from './room-snapshots.ts';
import type { GatewayServer, GatewaySocket, Logger } from './socket-server.ts';

type Deps = { io: GatewayServer; auth: AuthCache; snapshots: RoomSnapshots; failure: Failures; logger: Logger };

/** The session token of a handshake's `Cookie` header, if it holds one that looks like one. */
export function sessionCookieOf(header: string | undefined): string | null {
  const token = header ? parse(header, SESSION_COOKIE)[SESSION_COOKIE] : undefined;
  return token && SESSION_TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * The handshake's session: a browser's HttpOnly `token` cookie, which its websocket handshake
 * carries by itself, or an API client's token in `auth` (tests, devices); none is the floor
 * only. A bad token given in `auth` is refused. The Origin was checked before (createSocketServer), so another
 * site's page cannot ride on the cookie.
 */
function checkHandshake({ io, auth, failure }: Deps) {
  io.use(async (socket, next) => {
    const parsed = ZHandshakeAuth.safeParse(socket.handshake.auth ?? {});
    if (!parsed.success) return next(new Error('error.validation_failed'));
    const given = parsed.data.token ?? null;
    const cookie = given ? null : sessionCookieOf(socket.handshake.headers.cookie);
    const token = given ?? cookie;
    socket.data.token = token;
    socket.data.user = null;
    if (!token) return next();
    try {
      const user = await auth.check(token);
      if (!user && cookie) {
        // a browser cannot choose its cookie: one of a session that ended sees the floor (the
        // TV), and a room of members answers `error.auth_required`, which logs the app out
        socket.data.token = null;
        return next();
      }
      if (!user) return next(new Error('error.auth_required'));
      socket.data.user = user;
      next();
    } catch (error) {
      next(new Error(failure(error, { during: 'a handshake' })));
    }
  });
}

/** The rooms a member's socket is put in on connect: their own, everyone logged in, their role (and staff's). */
function memberRooms(user: { id: number; role_id: number; is_admin: boolean }): string[] {
  const rooms = [userRoom(user.id), MEMBERS_ROOM, roleRoom(user.role_id)];
  return user.is_admin ? [...rooms, STAFF_ROOM] : rooms;
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
    // a table's room carries its game's bills: its players' and staff's only (checked before
    // the socket joins, so no event reaches a stranger, and in the snapshot read after it)
    const seatOf = room.kind === 'table' && user && !user.is_admin ? user.id : undefined;
    const denied =
      rightsError(room, user) ??
      (room.kind === 'table' && seatOf !== undefined ? await deps.snapshots.seatError(room.id, seatOf) : null);
    if (denied) return answer({ error: denied });
    // join first, then read: whatever happens after the read reaches the socket as an event
    await socket.join(name);
    try {
      // a member's own room: what the other rooms they were put in on connect hear counts as theirs
      const member = socket.data.user;
      const heardWith = room.kind === 'user' && member ? memberRooms(member) : [];
      const snapshot = await deps.snapshots.forRoom(room, name, kind === 'subscribe', heardWith, seatOf);
      if (typeof snapshot === 'string') {
        await socket.leave(name);
        return answer({ error: snapshot });
      }
      answer({ data: snapshot });
    } catch (error) {
      answer({ error: deps.failure(error, { during: 'a snapshot', room: name }) });
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
    if (user) void socket.join(memberRooms(user));
    socket.on('subscribe', onRoomRequest(deps, socket, 'subscribe'));
    socket.on('sync', onRoomRequest(deps, socket, 'sync'));
    socket.on('unsubscribe', onRoomRequest(deps, socket, 'unsubscribe'));
  });
}
