/**
 * The gateway as its own process (split deployment, DESIGN §2): Socket.IO and the
 * kiosk-events webhook on PORT, reading the kiosk at KIOSK_URL. With DATABASE_URL it joins
 * the other gateways through the PostgreSQL adapter and takes part in electing the ticker.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createErrorReports } from '@club/shared/error-reports';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import pino from 'pino';
import { ensureAttachmentsTable, postgresAdapter } from './adapter.ts';
import { ConfigError, loadGatewayConfig } from './config.ts';
import { createGateway } from './gateway.ts';
import { keepIdleConnectionsOpen } from './keep-alive.ts';
import { createKioskClient } from './kiosk-client.ts';
import { createPgLeader, type Leader } from './leader.ts';
import { kioskEventsApp } from './webhook.ts';

async function main() {
  const config = loadGatewayConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'gateway', pid: process.pid } });
  const reports = createErrorReports({ dsn: config.SENTRY_DSN, server: 'gateway', environment: config.NODE_ENV });

  let pool: pg.Pool | undefined;
  let leader: Leader | undefined;
  let adapter: ReturnType<typeof postgresAdapter> | undefined;
  if (config.DATABASE_URL) {
    pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
    pool.on('error', (error) => logger.warn({ err: String(error) }, 'postgres pool error'));
    await ensureAttachmentsTable(pool);
    adapter = postgresAdapter(pool, logger);
    leader = createPgLeader({
      connectionString: config.DATABASE_URL,
      onChange: (leading) =>
        logger.info({ leading }, leading ? 'this gateway ticks now' : 'this gateway no longer ticks'),
      onError: (error) => logger.warn({ err: String(error) }, 'leader election connection failed'),
    });
  }

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  keepIdleConnectionsOpen(server);
  const kiosk = createKioskClient({ baseUrl: config.KIOSK_URL, secret: config.GATEWAY_SECRET, trackSkew: true });
  const gateway = createGateway({
    httpServer: server,
    kiosk,
    logger,
    source: config.REALTIME_SOURCE,
    pollIntervalMs: config.POLL_INTERVAL_MS,
    ...(adapter ? { adapter } : {}),
    ...(leader ? { leader } : {}),
    allowedOrigins: [...(config.PUBLIC_URL ? [config.PUBLIC_URL] : []), ...(config.ALLOWED_ORIGINS ?? [])],
    authTtlMs: config.AUTH_TTL_MS,
    tickIntervalMs: config.TICK_INTERVAL_MS,
    reports,
  });
  const app = new Hono();
  app.get('/health', (c) => c.json({ success: true, ...gateway.stats() }, 200));
  app.route('/', kioskEventsApp(gateway, config.GATEWAY_SECRET, logger));
  handle = getRequestListener(app.fetch);

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info(
    { port, kiosk: config.KIOSK_URL, source: config.REALTIME_SOURCE, clustered: Boolean(adapter) },
    'gateway listening',
  );
  // tests and scripts read this line to learn the port
  if (process.env.GATEWAY_ANNOUNCE_PORT) console.log(`GATEWAY_PORT=${port}`);

  const stop = async (signal: string) => {
    logger.info({ signal }, 'gateway shutting down');
    await gateway.close();
    await leader?.close();
    await pool?.end().catch(() => {});
    await reports.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
