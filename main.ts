/**
 * The embedded deployment (DESIGN §2): one process on PORT serving the kiosk API, the
 * built web app and, as it lands, the realtime gateway. `npm start` runs this file.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createKiosk } from '@club/kiosk/app';
import { ConfigError, loadConfig } from '@club/kiosk/config';
import { createLogger } from '@club/kiosk/logger';
import { DEMO_LOGINS } from '@club/kiosk/seed/seed';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';

const WEB_DIST = fileURLToPath(new URL('./web/dist', import.meta.url));

async function main() {
  // `npm start` is the demo: a demo club unless DEMO=0 says otherwise
  const env = { ...process.env, DEMO: process.env.DEMO ?? '1' };
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  const kiosk = await createKiosk({ config, logger });
  const { app } = kiosk;

  if (existsSync(WEB_DIST)) {
    const index = await readFile(`${WEB_DIST}/index.html`, 'utf8');
    app.use(
      '/assets/*',
      serveStatic({
        root: WEB_DIST,
        onFound: (_, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use('*', serveStatic({ root: WEB_DIST }));
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

  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
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
