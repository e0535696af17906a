import { ZOk } from '@club/shared/api';
import { advanceClock, clock, freezeClock, isClockControllable } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';

const tags = ['health'];

export function healthRoutes(app: OpenAPIHono<AppEnv>, database: Database): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/health',
    tags,
    summary: 'The process is up (200 even while the database is away; `database` says whether it answers)',
    access: 'public',
    answer: ZOk.extend({ database: z.enum(['up', 'down']) }),
    handler: async () => ({ database: (await databaseAnswers(database)) ? ('up' as const) : ('down' as const) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/ready',
    tags,
    summary: 'The database answers (503 `error.service_unavailable` otherwise)',
    access: 'public',
    answer: ZOk.extend({ database: z.enum(['pglite', 'postgres']) }),
    handler: async () => {
      if (!(await databaseAnswers(database))) throw new AppError('error.service_unavailable');
      return { database: database.kind };
    },
  });
}

const PING_TIMEOUT_MS = 2000;

/** Whether the database answers a ping in time: the health check itself must never hang. */
async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      database.ping().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Only with TEST_CLOCK=1 (refused in production): lets tests make hours pass in seconds. */
export function testClockRoutes(app: OpenAPIHono<AppEnv>): void {
  if (!isClockControllable()) return;
  defineRoute(app, {
    method: 'post',
    path: '/v1/test/clock',
    tags: ['test'],
    summary: 'Move the server clock forward, or freeze it (tests only)',
    access: 'public',
    body: z.object({
      advance_ms: z
        .number()
        .int()
        .min(0)
        .max(30 * 24 * 3600 * 1000)
        .default(0),
      freeze: z.boolean().optional(),
    }),
    answer: ZOk.extend({ now: z.string() }),
    handler: ({ body }) => {
      if (body.freeze !== undefined) freezeClock(body.freeze);
      advanceClock(body.advance_ms);
      return { now: clock.now().toISOString() };
    },
  });
}
