/**
 * The embedded deployment (DESIGN §2): one process on PORT serving the kiosk API, the
 * built web app and the realtime gateway (Socket.IO at /socket.io on the same server, fed
 * by the kiosk's outbox in-process). `npm start` runs this file.
 *
 * With GATEWAY_URL set this process is the kiosk of a split deployment instead: it delivers
 * its outbox to that gateway over the signed webhook and runs no gateway itself.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKiosk } from '@club/kiosk/app';
import { ConfigError, loadConfig } from '@club/kiosk/config';
import { createLogger } from '@club/kiosk/logger';
import { outboxDeliveryOf } from '@club/kiosk/realtime/routes';
import { DEMO_LOGINS } from '@club/kiosk/seed/seed';
import { createGateway, type Gateway } from '@club/realtime/gateway';
import { keepIdleConnectionsOpen } from '@club/realtime/keep-alive';
import { createKioskClient } from '@club/realtime/kiosk-client';
import { createErrorReports } from '@club/shared/error-reports';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { secureHeaders } from 'hono/secure-headers';

// WEB_DIST lets several builds live side by side (parallel test runs)
const WEB_DIST = process.env.WEB_DIST
  ? resolve(process.env.WEB_DIST)
  : fileURLToPath(new URL('./web/dist', import.meta.url));

/**
 * Headers for the web app's pages: a strict content security policy (scripts only from
 * here, no framing), no MIME sniffing, a referrer policy, and HSTS when served over https.
 * Error reports may go to the Sentry host named by VITE_SENTRY_DSN.
 */
function webSecurityHeaders(publicUrl: string) {
  const sentry = process.env.VITE_SENTRY_DSN ? [new URL(process.env.VITE_SENTRY_DSN).origin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...sentry],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: publicUrl.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
  });
}

async function main() {
  const production = process.env.NODE_ENV === 'production';
  const env: Record<string, string | undefined> = {
    ...process.env,
    // `npm start` is the demo: a demo club unless DEMO=0 says otherwise; never implied in production
    DEMO: process.env.DEMO ?? (production ? undefined : '1'),
    // The in-process gateway reads the kiosk's realtime routes with a random key of this
    // process's own, which never leaves it. A split kiosk (GATEWAY_URL) needs the shared one.
    GATEWAY_SECRET:
      process.env.GATEWAY_SECRET || (process.env.GATEWAY_URL ? undefined : randomBytes(32).toString('hex')),
  };
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  let gateway: Gateway | undefined;
  const kiosk = await createKiosk({
    config,
    logger,
    // read on each scrape of /metrics; a split deployment's gateways count their own
    socketConnections: config.GATEWAY_URL ? undefined : () => gateway?.io.engine.clientsCount ?? 0,
  });
  const { app } = kiosk;

  if (existsSync(WEB_DIST)) {
    const index = await readFile(`${WEB_DIST}/index.html`, 'utf8');
    const headers = webSecurityHeaders(config.publicUrl);
    app.use('*', (c, next) => (c.req.path.startsWith('/v1/') ? next() : headers(c, next)));
    app.use(
      '/assets/*',
      serveStatic({
        root: WEB_DIST,
        // the build writes .br/.gz beside each asset (web/plugins/precompress.ts)
        precompressed: true,
        onFound: (_, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
      }),
    );
    // a chunk the build does not have (asked by a page of an earlier version) is not found: the
    // app's page in its place would be refused as a script, and kept by the service worker as it
    app.get('/assets/*', (c) => c.notFound());
    app.use('*', serveStatic({ root: WEB_DIST, precompressed: true }));
    // every other path is a screen of the single-page app
    app.get('*', (c) => (c.req.path.startsWith('/v1/') ? c.notFound() : c.html(index)));
  } else {
    logger.warn('web/dist is missing: run `npm run build -w @club/web` to serve the web app');
  }

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info({ port: info.port, database: kiosk.database.kind }, `club app on http://localhost:${info.port}`);
    if (config.DEMO) {
      const lines = DEMO_LOGINS.map((l) => `  ${l.isAdmin ? 'admin ' : 'player'}  ${l.email}  /  ${l.password}`);
      console.log(`\nDemo club ready at ${config.publicUrl}\n${lines.join('\n')}\n`);
    }
  });
  keepIdleConnectionsOpen(server as HttpServer);

  const gatewayReports = createErrorReports({
    dsn: config.GATEWAY_URL ? undefined : config.SENTRY_DSN,
    server: 'gateway',
    environment: config.NODE_ENV,
  });
  if (!config.GATEWAY_URL) {
    gateway = createGateway({
      httpServer: server as HttpServer,
      // the same reads as over HTTP, answered by the kiosk app in this process
      kiosk: createKioskClient({
        baseUrl: 'http://kiosk.internal',
        secret: config.GATEWAY_SECRET!,
        fetch: (url, init) => app.request(url, init),
      }),
      logger,
      allowedOrigins: [config.publicUrl],
      reports: gatewayReports,
    });
    const live = gateway;
    outboxDeliveryOf(app)?.deliverTo(async (events, read) => {
      await live.applyKioskEvents(events, read);
    });
  }

  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await gateway?.close();
    await gatewayReports.close();
    server.close();
    await kiosk.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
