/**
 * `/metrics` in Prometheus's text format: requests and their latency per route pattern,
 * open sockets, the outbox's lag and the payments by state, with the process's own (CPU,
 * memory, event loop). The database figures are read when Prometheus scrapes, so the code
 * that writes them knows nothing of metrics.
 *
 * Not public in production: there it needs `Authorization: Bearer <METRICS_TOKEN>`, and without
 * a token configured it does not exist (404). The demo serves it to anyone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { count, isNull, min } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox, payments } from '../db/schema.ts';
import type { AppEnv } from '../http/context.ts';

export interface MetricsOptions {
  db: Db;
  config: Pick<Config, 'NODE_ENV' | 'METRICS_TOKEN'>;
  /** open Socket.IO connections, when this process runs the gateway */
  socketConnections?: (() => number) | undefined;
}

/** Measures every request of `app` (call it before other middleware) and serves `/metrics`. */
export function metricsRoutes(app: OpenAPIHono<AppEnv>, options: MetricsOptions): void {
  const registry = new Registry();
  app.use('*', measureRequests(registry));
  registerDatabaseGauges(registry, options.db);
  if (options.socketConnections) registerSocketGauge(registry, options.socketConnections);
  const scraped = Registry.merge([processRegistry(), registry]);
  const allowed = scrapeGuard(options.config);
  app.get('/metrics', async (c) => {
    allowed(c);
    return c.body(await scraped.metrics(), 200, { 'content-type': scraped.contentType });
  });
}

function measureRequests(registry: Registry): MiddlewareHandler<AppEnv> {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return async (c, next) => {
    const started = performance.now();
    await next();
    // the pattern of the handler that answered ('/v1/game/:id'), never the raw path, so the
    // series stay few whatever the clients ask for
    const labels = { method: c.req.method, route: routePath(c), status: String(c.res.status) };
    requests.inc(labels);
    duration.observe(labels, (performance.now() - started) / 1000);
  };
}

function registerDatabaseGauges(registry: Registry, db: Db): void {
  new Gauge({
    name: 'club_outbox_lag_seconds',
    help: 'Age of the oldest live event not yet delivered to the gateway (0 when none waits)',
    registers: [registry],
    async collect() {
      try {
        const [row] = await db
          .select({ oldest: min(outbox.createdAt) })
          .from(outbox)
          .where(isNull(outbox.deliveredAt));
        this.set(row?.oldest ? Math.max(0, (clock.nowMs() - row.oldest.getTime()) / 1000) : 0);
      } catch {
        this.set(Number.NaN); // the database is away: unknown, not zero
      }
    },
  });
  new Gauge({
    name: 'club_payments',
    help: 'Payments by provider and state',
    labelNames: ['provider', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db
        .select({ provider: payments.provider, state: payments.state, n: count() })
        .from(payments)
        .groupBy(payments.provider, payments.state)
        .catch(() => []);
      for (const r of rows) this.set({ provider: r.provider, state: r.state }, r.n);
    },
  });
}

function registerSocketGauge(registry: Registry, connections: () => number): void {
  new Gauge({
    name: 'club_socket_connections',
    help: 'Open Socket.IO connections of the gateway in this process',
    registers: [registry],
    collect() {
      this.set(connections());
    },
  });
}

let processMetrics: Registry | undefined;
/** CPU, memory, event loop and GC belong to the process: one set, however many apps it runs */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

function scrapeGuard(config: MetricsOptions['config']): (c: Context<AppEnv>) => void {
  const token = config.METRICS_TOKEN;
  if (!token) {
    return () => {
      if (config.NODE_ENV === 'production') throw new AppError('error.not_found');
    };
  }
  const expected = digest(token);
  return (c) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) throw new AppError('error.auth_required');
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
