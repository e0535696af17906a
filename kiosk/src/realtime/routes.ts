import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@club/shared/errors';
import {
  changedIds,
  GATEWAY_AUTH_SCHEME,
  ZKioskRead,
  ZKioskReadBody,
  ZKioskSnapshot,
  ZSnapshotQuery,
} from '@club/shared/realtime';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../http/context.ts';
import { type AccessRule, defineRoute } from '../http/define-route.ts';
import { ok } from '../http/respond.ts';
import { noKnownViews, nothingToRead, unknownChanges } from '../outbox/committed-events.ts';
import { createOutboxDelivery, type OutboxDelivery } from './deliver-outbox.ts';
import { readChanged, readSnapshot } from './read-live.ts';
import { httpSender } from './webhook-sender.ts';

const tags = ['realtime'];
const digest = (s: string) => createHash('sha256').update(s).digest();

/** Only the gateway: `authorization: Gateway <GATEWAY_SECRET>` (these reads hold names). */
function requireGateway(secret: string | undefined): MiddlewareHandler<AppEnv> {
  const expected = secret ? digest(`${GATEWAY_AUTH_SCHEME} ${secret}`) : undefined;
  return async (c, next) => {
    const given = c.req.header('authorization') ?? '';
    if (!expected || !timingSafeEqual(digest(given), expected)) throw new AppError('error.auth_required');
    await next();
  };
}

/** The views among `views` that `ids` name. */
const named = <T extends { id: number }>(views: T[], ids: number[]) => views.filter((v) => ids.includes(v.id));

const deliveries = new WeakMap<object, OutboxDelivery>();

/** The outbox worker of a kiosk app, so the embedded process can point it at its in-process gateway. */
export function outboxDeliveryOf(app: object): OutboxDelivery | undefined {
  return deliveries.get(app);
}

/**
 * DESIGN §4/§5 realtime: the reads the gateway makes (the snapshot it starts from and
 * polls, and what changed after an event), and the outbox worker that delivers events to
 * `GATEWAY_URL` (idle without one, until `deliverTo` gives it an in-process gateway).
 * Events go out as soon as they commit, with what they changed read by their transaction.
 */
export function realtimeRoutes(app: OpenAPIHono<AppEnv>, deps: Deps, database: 'pglite' | 'postgres'): OutboxDelivery {
  const { db, config, logger } = deps;
  const guard = requireGateway(config.GATEWAY_SECRET);
  const delivery = createOutboxDelivery({
    db,
    logger,
    shared: database === 'postgres',
    send: config.GATEWAY_URL && config.GATEWAY_SECRET ? httpSender(config.GATEWAY_URL, config.GATEWAY_SECRET) : null,
    async describe(events, on = db, known = noKnownViews()) {
      const ids = changedIds(events);
      if (nothingToRead(ids)) return undefined;
      // what is read holds the batch's events (in their transaction, no later ones): claim no more
      const seq = events.at(-1)?.id ?? 0;
      // what the writers made views of is not read again (when they made all of it, nothing is)
      const read = await readChanged(on, unknownChanges(ids, known), { playerOrders: false, seq });
      return ok({
        ...read,
        tables: [...read.tables, ...named(known.tables, ids.table_ids)],
        games: [...read.games, ...named(known.games, ids.game_ids)],
        orders: [...read.orders, ...named(known.orders, ids.order_ids)],
      });
    },
  });
  deliveries.set(app, delivery);

  const access: AccessRule = { security: [{ gateway: [] }], middleware: [guard], 'x-access': 'gateway' };
  defineRoute(app, {
    method: 'get',
    path: '/v1/realtime/snapshot',
    tags,
    summary:
      'Every table, every live game with players and totals, and the sequence number; with `after`, the order and notification events since (gateway only)',
    access,
    query: ZSnapshotQuery,
    answer: ZKioskSnapshot,
    handler: async ({ query }) => readSnapshot(db, query.after),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/realtime/read',
    tags,
    summary: 'The tables, games and orders some events named, and the sequence number (gateway only)',
    access,
    body: ZKioskReadBody,
    answer: ZKioskRead,
    handler: ({ body }) => readChanged(db, body),
  });

  return delivery;
}
