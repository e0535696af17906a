/**
 * The realtime gateway (DESIGN §5): Socket.IO rooms fed by kiosk events.
 *
 * Data flows one way: kiosk event (webhook, or a difference between two polled snapshots)
 * → read what changed from the kiosk → emit to the rooms that may see it. The gateway keeps
 * a live copy of tables and games only to tick running totals and to know where to send
 * things; every snapshot a client asks for comes fresh from the kiosk.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { computeBill } from '@club/shared/billing';
import { clock } from '@club/shared/clock';
import type { ErrorKey } from '@club/shared/errors';
import type { TNotification } from '@club/shared/notifications';
import {
  ADMIN_ROOM,
  type ClientToServerEvents,
  changedIds,
  eventChanges,
  FLOOR_ROOM,
  MEMBERS_ROOM,
  parseRoom,
  type Room,
  roleRoom,
  type ServerPayload,
  type ServerToClientEvents,
  SNAPSHOT_EVENTS,
  type TFloorTable,
  type TKioskEvent,
  type TKioskRead,
  type TKioskSnapshot,
  type TRoomSnapshot,
  type TTickPlayer,
  tableRoom,
  toFloorTable,
  userRoom,
  ZHandshakeAuth,
  ZRoomRequest,
} from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { type AuthCache, createAuthCache } from './auth.ts';
import { tablesOfGames } from './carried-tables.ts';
import { diffSnapshots, unseatedBetween } from './diff.ts';
import type { KioskClient, SocketUser } from './kiosk-client.ts';
import { type Leader, soleLeader } from './leader.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions, tokenBucket } from './rate-limit.ts';

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What gateways tell each other through the adapter (several gateways on one PostgreSQL). */
interface Applied {
  ids: number[];
  seq: number;
  tables: TTable[];
  removedTables: number[];
  games: TGame[];
  roomSeqs: [string, number][];
}
export interface InterServerEvents {
  'gateway:applied': (applied: Applied) => void;
  /** the ticker's minutes per player: what a gateway that takes over goes on from */
  'gateway:ticked': (players: [number, number][]) => void;
}
export interface SocketData {
  user: SocketUser | null;
  token: string | null;
}
type KioskNotification = TKioskRead['notifications'][number];
/** What a member's list shows of a new notification (not yet read). */
const toNotification = (n: KioskNotification): TNotification => ({
  id: n.id,
  message: n.message,
  link_text: n.link_text,
  url: n.url,
  audience: n.audience,
  read_at: null,
  created_at: n.created_at,
});
export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type Emittable = keyof ServerToClientEvents;
type Body<E extends Emittable> = Omit<ServerPayload<E>, 'room' | 'seq' | 'prev_seq'>;

export interface GatewayOptions {
  /** Socket.IO attaches to this server at `/socket.io` */
  httpServer: HttpServer;
  kiosk: KioskClient;
  logger: Logger;
  /** webhook (the kiosk delivers events) or poll (the gateway diffs snapshots) */
  source?: 'webhook' | 'poll';
  pollIntervalMs?: number;
  /** e.g. the PostgreSQL adapter: then gateways share rooms and tell each other what they applied */
  adapter?: ServerOptions['adapter'];
  /** who ticks; without one this gateway always does */
  leader?: Leader;
  /** origins allowed besides the request's own host (`https://club.example`) */
  allowedOrigins?: string[];
  authTtlMs?: number;
  /** how often connected sockets' tokens are checked again (a revoked token loses its socket) */
  authRecheckMs?: number;
  tickIntervalMs?: number;
  /** how often the live copy is read again from the kiosk, healing anything missed (webhook mode) */
  refreshMs?: number;
  rateLimit?: RateLimitOptions;
  /** the clock the ticks read (default: the shared clock corrected by the kiosk's skew) */
  now?: () => number;
}

export interface GatewayStats {
  sockets: number;
  seq: number;
  applied: number;
  skipped: number;
  ticks: number;
  /** snapshots read from the kiosk for clients that subscribed or asked to sync */
  snapshots: number;
  leader: boolean;
  ready: boolean;
}

export interface Gateway {
  io: GatewayServer;
  /** resolves once the first snapshot is in */
  ready: Promise<void>;
  /** applies kiosk events (each id at most once) and answers when they went out */
  applyKioskEvents(events: TKioskEvent[], read?: TKioskRead): Promise<{ applied: number; skipped: number }>;
  /** one poll round (poll mode runs it on a timer; tests may call it) */
  pollOnce(): Promise<void>;
  stats(): GatewayStats;
  close(): Promise<void>;
}

const MAX_REMEMBERED_IDS = 20_000;
/** how long a snapshot may answer later askers while no event came (its totals age with it) */
const SNAPSHOT_REUSE_MS = 500;
/** sockets whose tokens are rechecked between two turns of the event loop (about a millisecond of work) */
const RECHECK_SLICE = 50;

export function createGateway(options: GatewayOptions): Gateway {
  const { kiosk, logger } = options;
  const leader = options.leader ?? soleLeader;
  const clustered = options.adapter !== undefined;
  const now = options.now ?? (() => clock.nowMs() + kiosk.skewMs());
  const auth: AuthCache = createAuthCache(kiosk, options.authTtlMs ?? 5000);
  const allowed = new Set((options.allowedOrigins ?? []).map((o) => new URL(o).origin));

  const io: GatewayServer = new Server(options.httpServer, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket'],
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (req, callback) => callback(null, originAllowed(req, allowed)),
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  // --- the live copy --------------------------------------------------------------------
  let seq = 0;
  /** ids at or below this were in the first snapshot: already reflected, never applied */
  let floorId = 0;
  const applied = new Set<number>();
  const tables = new Map<number, TTable>();
  const games = new Map<number, TGame>();
  const roomSeqs = new Map<string, number>();
  const lastMinutes = new Map<number, number>();
  const counters = { applied: 0, skipped: 0, ticks: 0, snapshots: 0 };
  let isReady = false;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  /** runs one thing at a time, in order: events, poll rounds */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  function remember(id: number) {
    applied.add(id);
    if (applied.size > MAX_REMEMBERED_IDS) {
      const cut = [...applied].sort((a, b) => a - b).slice(0, applied.size - MAX_REMEMBERED_IDS / 2);
      for (const old of cut) applied.delete(old);
      floorId = Math.max(floorId, cut.at(-1) ?? 0);
    }
  }

  /**
   * A player's minutes as the kiosk first described them: ticks start from there. Set when
   * the game is learned (not at the next tick), so a fresher description arriving before
   * that tick cannot swallow a minute boundary.
   */
  function track(game: TGame) {
    for (const p of game.players) if (p.status === 'joined' && !lastMinutes.has(p.id)) lastMinutes.set(p.id, p.minutes);
  }

  function absorbSnapshot(snapshot: TKioskSnapshot) {
    if (snapshot.seq < seq) return;
    seq = snapshot.seq;
    tables.clear();
    for (const t of snapshot.tables) tables.set(t.id, t);
    games.clear();
    for (const g of snapshot.games) {
      track(g);
      games.set(g.id, g);
    }
  }

  function absorbGame(game: TGame) {
    if (game.status === 'ended') games.delete(game.id);
    else {
      track(game);
      games.set(game.id, game);
    }
  }

  /** A table as the floor sees it, with its game from `from` (what the gateway holds, or a snapshot's). */
  const viewOf = (table: TTable, from: ReadonlyMap<number, TGame> = games) =>
    toFloorTable(table, table.game_id === null ? null : from.get(table.game_id));

  const floorTables = () => [...tables.values()].sort((a, b) => a.id - b.id).map((t) => viewOf(t));

  // --- emitting ---------------------------------------------------------------------------
  let roomsTouched = new Map<string, number>();

  function send<E extends Emittable>(room: string, event: E, body: Body<E>, eventSeq: number) {
    const prev = roomSeqs.get(room) ?? null;
    if (prev === null || eventSeq > prev) {
      roomSeqs.set(room, eventSeq);
      roomsTouched.set(room, eventSeq);
    }
    const payload = { ...body, room, seq: eventSeq, prev_seq: prev };
    (io.to(room).emit as (event: string, payload: unknown) => boolean)(event, payload);
  }

  /**
   * `carried`: the table changed with its game, and the table's room hears of both in one
   * `game:updated` (`sendCarried`); the other rooms get each as before.
   */
  function sendTable(view: TFloorTable, eventSeq: number, carried = false) {
    for (const room of carried ? [FLOOR_ROOM, ADMIN_ROOM] : [FLOOR_ROOM, tableRoom(view.id), ADMIN_ROOM])
      send(room, 'table:updated', { table: view }, eventSeq);
  }

  function sendFloor(eventSeq: number) {
    const all = floorTables();
    for (const room of [FLOOR_ROOM, ADMIN_ROOM]) send(room, 'floor:snapshot', { tables: all }, eventSeq);
  }

  function sendGame(game: TGame, eventSeq: number, carried = false) {
    for (const room of carried ? [ADMIN_ROOM] : [tableRoom(game.table_id), ADMIN_ROOM])
      send(room, 'game:updated', { game }, eventSeq);
  }

  /**
   * A game and its table that changed together, to the table's room as one message (one frame
   * per phone, not two), as new as the newer of the two: sent in that one's turn.
   */
  function sendCarried(game: TGame, table: TFloorTable, eventSeq: number) {
    send(tableRoom(game.table_id), 'game:updated', { game, table }, eventSeq);
  }

  function share(ids: number[], read: TKioskRead | null, removedTables: number[]) {
    if (!clustered) return;
    const message: Applied = {
      ids,
      seq,
      tables: read?.tables ?? [],
      removedTables,
      games: read?.games ?? [],
      roomSeqs: [...roomsTouched],
    };
    io.serverSideEmit('gateway:applied', message);
  }

  // server-side events arrive on the namespace, not on the server
  io.of('/').on('gateway:applied', (message) => {
    for (const id of message.ids) remember(id);
    seq = Math.max(seq, message.seq);
    for (const t of message.tables) tables.set(t.id, t);
    for (const id of message.removedTables) tables.delete(id);
    for (const g of message.games) absorbGame(g);
    for (const [room, s] of message.roomSeqs) if (s > (roomSeqs.get(room) ?? 0)) roomSeqs.set(room, s);
  });
  io.of('/').on('gateway:ticked', (players) => {
    for (const [id, minutes] of players) lastMinutes.set(id, minutes);
  });

  /**
   * Who sees a new notification now: its person, its role or every member. One that starts
   * later (or has ended) is not announced; the list shows it in its time.
   */
  function notificationRoom(note: KioskNotification): string | null {
    const at = now();
    if (note.starts_at && Date.parse(note.starts_at) > at) return null;
    if (note.ends_at && Date.parse(note.ends_at) <= at) return null;
    if (note.audience === 'user') return note.user_id === null ? null : userRoom(note.user_id);
    if (note.audience === 'role') return note.role_id === null ? null : roleRoom(note.role_id);
    return MEMBERS_ROOM;
  }

  // --- kiosk events (webhook) ---------------------------------------------------------------
  async function applyEvents(events: TKioskEvent[], given?: TKioskRead) {
    const fresh = events
      .filter((e) => e.id > floorId && !applied.has(e.id))
      .sort((a, b) => a.id - b.id)
      .filter((e, i, all) => i === 0 || all[i - 1]!.id !== e.id);
    const skipped = events.length - fresh.length;
    counters.skipped += skipped;
    if (!fresh.length) return { applied: 0, skipped };

    // what changed, each with the newest event that says so
    const tableSeqs = new Map<number, number>();
    const gameSeqs = new Map<number, number>();
    const orderSeqs = new Map<number, number>();
    const notificationSeqs = new Map<number, number>();
    const kicks: {
      seq: number;
      game_id: number;
      player_id: number;
      user_id: number | null;
      order_id: number | null;
    }[] = [];
    const revoked = new Set<number>();
    for (const event of fresh) {
      const changes = eventChanges(event);
      if (!changes) {
        logger.debug({ id: event.id, type: event.type }, 'kiosk event not for the gateway; skipped');
        continue;
      }
      for (const id of changes.tables) tableSeqs.set(id, event.id);
      for (const id of changes.games) gameSeqs.set(id, event.id);
      for (const id of changes.orders) orderSeqs.set(id, event.id);
      for (const id of changes.notifications) notificationSeqs.set(id, event.id);
      const p = event.payload as Record<string, number | null>;
      if (event.type === 'player.kicked') {
        kicks.push({
          seq: event.id,
          game_id: p.game_id!,
          player_id: p.player_id!,
          user_id: p.user_id ?? null,
          order_id: p.order_id ?? null,
        });
      }
      if (event.type === 'session.revoked') revoked.add(p.user_id!);
    }

    // the kiosk usually sends what changed with the events; otherwise ask it
    const read =
      tableSeqs.size || gameSeqs.size || orderSeqs.size || notificationSeqs.size
        ? (given ??
          (await kiosk.read({
            table_ids: [...tableSeqs.keys()],
            game_ids: [...gameSeqs.keys()],
            order_ids: [...orderSeqs.keys()],
            notification_ids: [...notificationSeqs.keys()],
          })))
        : null;

    roomsTouched = new Map();
    const removedTables: number[] = [];
    const actions: { seq: number; run: () => void }[] = [];
    if (read) {
      for (const g of read.games) if (gameSeqs.has(g.id)) absorbGame(g);
      const found = new Set(read.tables.map((t) => t.id));
      for (const t of read.tables) tables.set(t.id, t);
      const changedGames = read.games.filter((g) => gameSeqs.has(g.id));
      const carried = tablesOfGames(
        changedGames,
        read.tables.filter((t) => tableSeqs.has(t.id)),
      );
      for (const [id, s] of tableSeqs) {
        const table = read.tables.find((t) => t.id === id);
        if (table) actions.push({ seq: s, run: () => sendTable(viewOf(table), s, carried.tableIds.has(id)) });
        else if (!found.has(id) && tables.delete(id)) {
          removedTables.push(id);
          actions.push({ seq: s, run: () => sendFloor(s) });
        }
      }
      for (const game of changedGames) {
        const s = gameSeqs.get(game.id)!;
        const table = carried.byGame.get(game.id);
        actions.push({ seq: s, run: () => sendGame(game, s, table !== undefined) });
        if (table) {
          const both = Math.max(s, tableSeqs.get(table.id)!);
          actions.push({ seq: both, run: () => sendCarried(game, viewOf(table), both) });
        }
      }
      for (const order of read.orders) {
        const s = orderSeqs.get(order.id);
        if (s === undefined) continue;
        actions.push({
          seq: s,
          run: () => {
            if (order.user_id !== null) send(userRoom(order.user_id), 'order:updated', { order }, s);
            send(ADMIN_ROOM, 'order:updated', { order }, s);
          },
        });
      }
      for (const note of read.notifications) {
        const s = notificationSeqs.get(note.id);
        const room = s === undefined ? null : notificationRoom(note);
        if (s !== undefined && room)
          actions.push({
            seq: s,
            run: () => send(room, 'notification:new', { notification: toNotification(note) }, s),
          });
      }
    }
    for (const kick of kicks) {
      const tableId = read?.games.find((g) => g.id === kick.game_id)?.table_id;
      actions.push({
        seq: kick.seq,
        run: () => {
          const body = { game_id: kick.game_id, player_id: kick.player_id, order_id: kick.order_id };
          if (kick.user_id !== null) {
            send(userRoom(kick.user_id), 'player:kicked', body, kick.seq);
            // the kicked player's sockets lose the table (they may ask for it again as anyone may)
            if (tableId !== undefined) io.in(userRoom(kick.user_id)).socketsLeave(tableRoom(tableId));
          }
          send(ADMIN_ROOM, 'player:kicked', body, kick.seq);
        },
      });
    }
    actions.sort((a, b) => a.seq - b.seq);
    for (const action of actions) action.run();

    for (const userId of revoked) {
      auth.forgetUser(userId);
      // the user's sockets reconnect and show their token again; a revoked one is refused
      io.in(userRoom(userId)).disconnectSockets(true);
    }

    const ids = fresh.map((e) => e.id);
    for (const id of ids) remember(id);
    seq = Math.max(seq, ids.at(-1)!, read?.seq ?? 0);
    counters.applied += ids.length;
    share(ids, read, removedTables);
    return { applied: ids.length, skipped };
  }

  // --- poll mode ----------------------------------------------------------------------------
  let lastPolled: TKioskSnapshot | null = null;
  /** the order and notification events up to here were looked at */
  let eventsAfter = 0;

  async function pollRound() {
    const next = await kiosk.snapshot(eventsAfter);
    const prev = lastPolled;
    if (!prev || next.seq === prev.seq) {
      lastPolled = next;
      if (!prev) absorbSnapshot(next);
      return;
    }
    // with several gateways, only the leader turns differences into events
    const emitting = leader.isLeader();
    const diff = diffSnapshots(prev, next);
    const s = next.seq;
    const gamesToRead = new Set([...diff.endedGames, ...diff.unseated.map((u) => u.game_id)]);
    const first = gamesToRead.size && emitting ? await kiosk.read({ game_ids: [...gamesToRead] }) : null;
    const previousGames = new Map(prev.games.map((g) => [g.id, g]));
    const ended = first ? first.games.filter((g) => diff.endedGames.includes(g.id)) : [];
    const unseated = [
      ...diff.unseated.map((u) => ({ game: u.game_id, player: u.player })),
      ...ended.flatMap((g) => unseatedBetween(previousGames.get(g.id), g).map((player) => ({ game: g.id, player }))),
    ];
    const orderOf = new Map((first?.player_orders ?? []).map((p) => [p.player_id, p.order_id]));
    // orders (paid, approved, moved) and notifications show in no snapshot: their events do
    const told = emitting ? changedIds(next.events) : { order_ids: [], notification_ids: [] };
    const orderIds = [
      ...new Set([
        ...unseated.map((u) => orderOf.get(u.player.id)).filter((id): id is number => id !== undefined),
        ...told.order_ids,
      ]),
    ];
    const more =
      orderIds.length || told.notification_ids.length
        ? await kiosk.read({ order_ids: orderIds, notification_ids: told.notification_ids })
        : null;
    const orders = more?.orders ?? [];

    lastPolled = next;
    eventsAfter = next.events.length >= SNAPSHOT_EVENTS ? next.events.at(-1)!.id : next.seq;
    absorbSnapshot(next);
    if (!emitting) return;
    roomsTouched = new Map();
    const changedGames = [...diff.games, ...ended];
    const carried = tablesOfGames(changedGames, diff.tables);
    if (diff.removedTables.length) sendFloor(s);
    for (const view of diff.tables) sendTable(view, s, carried.tableIds.has(view.id));
    for (const game of changedGames) {
      const table = carried.byGame.get(game.id);
      sendGame(game, s, table !== undefined);
      if (table) sendCarried(game, table, s);
    }
    for (const { game, player } of unseated) {
      if (player.status !== 'kicked') continue;
      const body = { game_id: game, player_id: player.id, order_id: orderOf.get(player.id) ?? null };
      if (player.user_id !== null) {
        send(userRoom(player.user_id), 'player:kicked', body, s);
        const tableId = next.games.find((g) => g.id === game)?.table_id ?? ended.find((g) => g.id === game)?.table_id;
        if (tableId !== undefined) io.in(userRoom(player.user_id)).socketsLeave(tableRoom(tableId));
      }
      send(ADMIN_ROOM, 'player:kicked', body, s);
    }
    for (const order of orders) {
      if (order.user_id !== null) send(userRoom(order.user_id), 'order:updated', { order }, s);
      send(ADMIN_ROOM, 'order:updated', { order }, s);
    }
    for (const note of more?.notifications ?? []) {
      const room = notificationRoom(note);
      if (room) send(room, 'notification:new', { notification: toNotification(note) }, s);
    }
  }

  // --- snapshots for clients ---------------------------------------------------------------
  let inFlight: Promise<TKioskSnapshot> | null = null;
  let nextRound: Promise<TKioskSnapshot> | null = null;
  let latest: { snapshot: TKioskSnapshot; at: number } | null = null;
  /**
   * A snapshot read after the caller asked: concurrent askers share one kiosk call, and
   * whoever asks while one is under way waits for the next one (so nothing slips between).
   * With `reuse` (a subscribe), one read moments ago serves too while no event has been applied
   * since: nothing happened here in between, and what the kiosk commits later reaches the room
   * as events. That keeps a reconnect storm (a restart, hundreds of phones subscribing at once)
   * from becoming a kiosk read each, which the embedded gateway pays for on its own thread. A
   * `sync` (a client that fears it missed something) always gets a new read, and with it the
   * kiosk's current clock.
   */
  function freshSnapshot(reuse = false): Promise<TKioskSnapshot> {
    if (reuse && latest && latest.snapshot.seq === seq && Date.now() - latest.at < SNAPSHOT_REUSE_MS) {
      return Promise.resolve(latest.snapshot);
    }
    if (!inFlight) {
      const asked = Date.now();
      counters.snapshots++;
      inFlight = kiosk
        .snapshot()
        .then((snapshot) => {
          latest = { snapshot, at: asked };
          return snapshot;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    }
    nextRound ??= inFlight
      .catch(() => {})
      .then(() => {
        nextRound = null;
        return freshSnapshot();
      });
    return nextRound;
  }

  async function snapshotFor(room: Room, name: string, reuse: boolean): Promise<TRoomSnapshot | ErrorKey> {
    const snap = await freshSnapshot(reuse);
    if (options.source !== 'poll') absorbSnapshot(snap);
    const liveGames = new Map(snap.games.map((g) => [g.id, g]));
    const stamp = { room: name, seq: snap.seq, server_time: snap.server_time };
    switch (room.kind) {
      case 'floor':
        return { kind: 'floor', ...stamp, tables: snap.tables.map((t) => viewOf(t, liveGames)) };
      case 'admin':
        return { kind: 'admin', ...stamp, tables: snap.tables.map((t) => viewOf(t, liveGames)), games: snap.games };
      case 'table': {
        const table = snap.tables.find((t) => t.id === room.id);
        if (!table) return 'error.table_not_found';
        return {
          kind: 'table',
          ...stamp,
          table: viewOf(table, liveGames),
          game: table.game_id ? (liveGames.get(table.game_id) ?? null) : null,
        };
      }
      case 'user': {
        const game = snap.games.find((g) => g.players.some((p) => p.user_id === room.id && p.status === 'joined'));
        return { kind: 'user', ...stamp, game: game ?? null };
      }
    }
  }

  // --- sockets ----------------------------------------------------------------------------
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

  function rightsError(room: Room, user: SocketUser | null): ErrorKey | null {
    if (room.kind === 'floor') return null;
    if (!user) return 'error.auth_required';
    if (room.kind === 'user' && room.id !== user.id) return 'error.forbidden';
    if (room.kind === 'admin' && !user.is_admin) return 'error.forbidden';
    return null;
  }

  /** The socket's user now: its token checked again (through the cache). */
  async function currentUser(socket: GatewaySocket): Promise<SocketUser | null | 'revoked'> {
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

  function onRoomRequest(socket: GatewaySocket, kind: 'subscribe' | 'sync' | 'unsubscribe') {
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
      const user = await currentUser(socket);
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
        const snapshot = await snapshotFor(room, name, kind === 'subscribe');
        if (typeof snapshot === 'string') {
          await socket.leave(name);
          return answer({ error: snapshot });
        }
        answer({ data: snapshot });
      } catch (error) {
        logger.warn({ err: String(error), room: name }, 'snapshot for a client failed');
        answer({ error: 'error.service_unavailable' });
      }
    };
  }

  io.on('connection', (socket) => {
    const bucket = tokenBucket(options.rateLimit ?? DEFAULT_RATE_LIMIT);
    socket.use((packet, next) => {
      const verdict = bucket.take();
      if (verdict === 'ok') return next();
      const ack = packet.at(-1);
      if (typeof ack === 'function') (ack as (answer: unknown) => void)({ error: 'error.rate_limited' });
      if (verdict === 'abuse') {
        logger.warn({ socket: socket.id, user: socket.data.user?.id }, 'socket disconnected for flooding');
        socket.disconnect(true);
      }
    });
    const user = socket.data.user;
    if (user) void socket.join([userRoom(user.id), MEMBERS_ROOM, roleRoom(user.role_id)]);
    socket.on('subscribe', onRoomRequest(socket, 'subscribe'));
    socket.on('sync', onRoomRequest(socket, 'sync'));
    socket.on('unsubscribe', onRoomRequest(socket, 'unsubscribe'));
  });

  /**
   * Tokens are checked again now and then: a revoked one loses its socket, a demoted admin the
   * admin room. In slices, with a turn of the event loop between them: one sweep of 2500
   * sockets in a go held the event loop for 54–67 ms, and a fan-out it fell on waited as long
   * (the realtime bench's slowest rounds).
   */
  async function recheckSockets() {
    const sockets = [...io.of('/').sockets.values()].filter((s) => s.data.token);
    for (const [i, socket] of sockets.entries()) {
      if (i > 0 && i % RECHECK_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (socket.disconnected) continue;
      const user = await currentUser(socket);
      if (user === 'revoked') socket.disconnect(true);
      else if (user) {
        if (!user.is_admin && socket.rooms.has(ADMIN_ROOM)) await socket.leave(ADMIN_ROOM);
        // a new role: its notifications from now on, not the old role's
        for (const room of socket.rooms)
          if (room.startsWith('role-') && room !== roleRoom(user.role_id)) await socket.leave(room);
        if (!socket.rooms.has(roleRoom(user.role_id))) await socket.join(roleRoom(user.role_id));
      }
    }
  }

  // --- ticks ------------------------------------------------------------------------------
  /**
   * The ticker sends each player's total when a minute boundary passes. Only the ticker moves
   * its minutes on, and tells the other gateways what it sent: one that takes over ticks what
   * nobody sent yet (a boundary passed during the handover), not less and not again.
   */
  function tick() {
    const at = now();
    const leading = leader.isLeader();
    const seen = new Set<number>();
    const sent: [number, number][] = [];
    for (const game of games.values()) {
      if (game.status === 'ended') continue;
      const changed: TTickPlayer[] = [];
      for (const player of game.players) {
        if (player.status !== 'joined') continue;
        seen.add(player.id);
        if (!leading) continue;
        const bill = computeBill(player.billing, at);
        const last = lastMinutes.get(player.id);
        if (last === undefined) {
          lastMinutes.set(player.id, player.minutes);
          if (bill.minutes === player.minutes) continue;
        } else if (last === bill.minutes) continue;
        lastMinutes.set(player.id, bill.minutes);
        sent.push([player.id, bill.minutes]);
        changed.push({ id: player.id, minutes: bill.minutes, total: bill.total });
      }
      if (!changed.length) continue;
      counters.ticks += changed.length;
      for (const room of [tableRoom(game.table_id), ADMIN_ROOM]) {
        const s = roomSeqs.get(room) ?? seq;
        const payload: ServerPayload<'game:tick'> = {
          room,
          seq: s,
          prev_seq: s,
          game_id: game.id,
          table_id: game.table_id,
          players: changed,
        };
        io.to(room).emit('game:tick', payload);
      }
    }
    if (sent.length && clustered) io.serverSideEmit('gateway:ticked', sent);
    if (lastMinutes.size > seen.size) for (const id of lastMinutes.keys()) if (!seen.has(id)) lastMinutes.delete(id);
  }

  // --- life cycle ---------------------------------------------------------------------------
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, fn: () => unknown) => {
    const t = setInterval(fn, ms);
    t.unref();
    timers.push(t);
  };

  const ready = (async () => {
    for (let attempt = 1; !closed; attempt++) {
      try {
        const snap = await kiosk.snapshot();
        absorbSnapshot(snap);
        floorId = Math.max(floorId, snap.seq);
        if (options.source === 'poll') {
          lastPolled = snap;
          eventsAfter = snap.seq;
        }
        isReady = true;
        logger.info(
          { seq: snap.seq, tables: snap.tables.length, games: snap.games.length },
          'gateway has its first snapshot',
        );
        return;
      } catch (error) {
        const wait = Math.min(10_000, 250 * 2 ** attempt);
        logger.warn({ err: String(error), retryInMs: wait }, 'the kiosk did not answer the first snapshot; retrying');
        await new Promise((r) => setTimeout(r, wait).unref());
      }
    }
  })();

  every(options.tickIntervalMs ?? 250, () => {
    if (isReady) tick();
  });
  if (options.source !== 'poll') {
    every(options.refreshMs ?? 30_000, () => {
      if (!isReady) return;
      serial(async () => absorbSnapshot(await kiosk.snapshot())).catch((error) =>
        logger.warn({ err: String(error) }, 'refreshing the live copy failed'),
      );
    });
  }
  every(options.authRecheckMs ?? 15_000, () => {
    recheckSockets().catch((error) => logger.warn({ err: String(error) }, 'token recheck failed'));
  });
  // a poll round waits for the previous one rather than piling up
  let pollRunning = false;
  if (options.source === 'poll') {
    every(options.pollIntervalMs ?? 1000, () => {
      if (isReady && !pollRunning) void pollOnce();
    });
  }

  function pollOnce(): Promise<void> {
    pollRunning = true;
    return serial(() => pollRound())
      .catch((error) => logger.warn({ err: String(error) }, 'poll round failed'))
      .finally(() => {
        pollRunning = false;
      });
  }

  return {
    io,
    ready,
    async applyKioskEvents(events, read) {
      await ready;
      return serial(() => applyEvents(events, read));
    },
    pollOnce,
    stats: () => ({
      sockets: io.engine?.clientsCount ?? 0,
      seq,
      applied: counters.applied,
      skipped: counters.skipped,
      ticks: counters.ticks,
      snapshots: counters.snapshots,
      leader: leader.isLeader(),
      ready: isReady,
    }),
    async close() {
      closed = true;
      for (const t of timers) clearInterval(t);
      auth.close();
      await io.close().catch(() => {});
    },
  };
}

/** The handshake's Origin: none (not a browser), the request's own host, or one allowed. */
export function originAllowed(req: IncomingMessage, allowed: Set<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.has(url.origin)) return true;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  return typeof host === 'string' && url.host === host.split(',')[0]!.trim();
}
