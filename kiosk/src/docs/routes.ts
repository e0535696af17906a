import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SESSION_COOKIE } from '@club/shared/session';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.ts';

const require = createRequire(import.meta.url);
const assets = dirname(require.resolve('swagger-ui-dist/package.json'));
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Club API</title><link rel="stylesheet" href="/v1/docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/v1/docs/swagger-ui-bundle.js"></script><script src="/v1/docs/init.js"></script></body>
</html>`;
const INIT = `SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#docs', deepLinking: true });`;

/**
 * `/v1/openapi.json`, generated from the zod schemas of the routes, and a docs page that
 * loads Swagger UI from the installed package (no third-party hosts).
 */
export function docsRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  // a browser's login: the HttpOnly cookie the login sets (DESIGN §4, the session)
  app.openAPIRegistry.registerComponent('securitySchemes', 'cookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
  });
  app.doc31('/v1/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Club kiosk API',
      version: '1.0.0',
      description:
        'The system of record of the club app. Every answer is JSON with `success`; a failure carries `message`, a key of the error catalogue.',
    },
  });
  app.get('/v1/docs', (c) => c.html(PAGE));
  app.get('/v1/docs/init.js', (c) => c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/v1/docs/:file{swagger-ui\\.css|swagger-ui-bundle\\.js}', async (c) => {
    const file = c.req.param('file');
    const type = FILES[file];
    if (!type) return c.notFound();
    const body = await readFile(join(assets, file));
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}
