/**
 * The realtime gateway (DESIGN §5): Socket.IO rooms fed by kiosk events.
 *
 * Data flows one way: kiosk event (webhook, or a difference between two polled snapshots)
 * → read what changed from the kiosk → emit to the rooms that may see it. The gateway keeps
 * a live copy of tables and games only to tick running totals and to know where to send
 * things; every snapshot a client asks for comes fresh from the kiosk.
 *
 * This file wires the parts: the live view, the fan-out to rooms, the two sources of kiosk
 * events (applied webhook batches, poll rounds), the ticker, the peers of a cluster, and the
 * sockets with their rooms, rights and snapshots.
 */
import type { Server as HttpServer } from 'node:http';
import { clock } from '@club/shared/clock';
import { type ErrorReports, NO_ERROR_REPORTS } from '@club/shared/error-reports';
import type { TKioskEvent, TKioskRead } from '@club/shared/realtime';
import type { ServerOptions } from 'socket.io';
import { createEventApplier } from './apply-events.ts';
import { createAuthCache } from './auth.ts';
import { createFailures, type Failures } from './errors.ts';
import { createFanOut } from './fan-out.ts';
import type { KioskClient } from './kiosk-client.ts';
import { type Leader, soleLeader } from './leader.ts';
import { createLiveView } from './live-view.ts';
import { createPeers } from './peers.ts';
import { createPollSource } from './poll-source.ts';
import type { RateLimitOptions } from './rate-limit.ts';
import { createRoomSnapshots } from './room-snapshots.ts';
import { serveSocketRooms } from './socket-rooms.ts';
import { createSocketServer, type GatewayServer, type Logger } from './socket-server.ts';
import { createTicker } from './ticker.ts';
import { recheckSockets } from './token-recheck.ts';

export type { GatewayServer, InterServerEvents, Logger, SocketData } from './socket-server.ts';
export { originAllowed } from './socket-server.ts';

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
  /** where unexpected errors are reported (Sentry); none by default */
  reports?: ErrorReports;
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
  /** the one error mapping: the catalogue key to answer, a fault logged and reported */
  failure: Failures;
  stats(): GatewayStats;
  close(): Promise<void>;
}

export function createGateway(options: GatewayOptions): Gateway {
  const { kiosk, logger } = options;
  const failure = createFailures(logger, options.reports ?? NO_ERROR_REPORTS);
  const source = options.source ?? 'webhook';
  const leader = options.leader ?? soleLeader;
  const now = options.now ?? (() => clock.nowMs() + kiosk.skewMs());
  const auth = createAuthCache(kiosk, options.authTtlMs ?? 5000);
  const io = createSocketServer(options.httpServer, options);

  const view = createLiveView();
  const fanOut = createFanOut(io, view, { shared: options.adapter !== undefined });
  const peers = createPeers(io, view, options.adapter !== undefined);
  const events = createEventApplier({ io, kiosk, auth, view, fanOut, peers, logger, now });
  const poll = createPollSource({ kiosk, view, fanOut, leader, now });
  const ticker = createTicker({ view, fanOut, peers, leader, now });
  const snapshots = createRoomSnapshots({ kiosk, view, source, shared: options.adapter !== undefined });
  serveSocketRooms({ io, auth, snapshots, failure, logger, rateLimit: options.rateLimit });

  let isReady = false;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  /** runs one thing at a time, in order: events, poll rounds, refreshes */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  const ready = (async () => {
    for (let attempt = 1; !closed; attempt++) {
      try {
        const snap = await kiosk.snapshot();
        view.startFrom(snap);
        if (source === 'poll') poll.startFrom(snap);
        isReady = true;
        logger.info(
          { seq: snap.seq, tables: snap.tables.length, games: snap.games.length },
          'gateway has its first snapshot',
        );
        return;
      } catch (error) {
        const wait = Math.min(10_000, 250 * 2 ** attempt);
        failure(error, { during: 'the first snapshot', retryInMs: wait });
        await new Promise((r) => setTimeout(r, wait).unref());
      }
    }
  })();

  // a poll round waits for the previous one rather than piling up
  let pollRunning = false;
  function pollOnce(): Promise<void> {
    pollRunning = true;
    return serial(() => poll.round())
      .catch((error) => {
        failure(error, { during: 'a poll round' });
      })
      .finally(() => {
        pollRunning = false;
      });
  }

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, fn: () => unknown) => {
    const t = setInterval(fn, ms);
    t.unref();
    timers.push(t);
  };
  every(options.tickIntervalMs ?? 250, () => {
    if (isReady) ticker.tick();
  });
  if (source === 'poll') {
    every(options.pollIntervalMs ?? 1000, () => {
      if (isReady && !pollRunning) void pollOnce();
    });
  } else {
    // the live copy is read again now and then, healing anything missed
    every(options.refreshMs ?? 30_000, () => {
      if (!isReady) return;
      serial(async () => view.absorbSnapshot(await kiosk.snapshot())).catch((error) =>
        failure(error, { during: 'refreshing the live copy' }),
      );
    });
  }
  every(options.authRecheckMs ?? 15_000, () => {
    recheckSockets(io, auth).catch((error) => failure(error, { during: 'a token recheck' }));
  });

  return {
    io,
    ready,
    async applyKioskEvents(batch, read) {
      await ready;
      return serial(() => events.apply(batch, read));
    },
    pollOnce,
    failure,
    stats: () => ({
      sockets: io.engine?.clientsCount ?? 0,
      seq: view.seq,
      applied: events.counters.applied,
      skipped: events.counters.skipped,
      ticks: ticker.count(),
      snapshots: snapshots.reads(),
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
