import { ZOk } from '@club/shared/api';
import { ZPushKey, ZPushStatus, ZPushSubscribeBody, ZPushUnsubscribeBody } from '@club/shared/push';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import { endpointPolicy } from './push-endpoints.ts';
import { isSubscribed, type PushService, subscribePush, unsubscribePush } from './push-service.ts';

const tags = ['push'];
/** a person subscribes once per device and login: a few an hour is plenty */
const SUBSCRIBES_PER_HOUR = 10;

/** Web Push (DESIGN §13): the key a browser subscribes with, and a device's subscription. */
export function pushRoutes(app: OpenAPIHono<AppEnv>, { db, config }: Deps, push: PushService): void {
  const policy = endpointPolicy(config);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/push/key',
      tags,
      summary: 'The VAPID public key a browser subscribes with',
      ...access.public,
      responses: answers(ZPushKey),
    }),
    async (c) => c.json(ok({ public_key: await push.publicKey() }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/push/subscribe',
      tags,
      summary:
        'Send this device the caller’s notifications (PushSubscription.toJSON()): https on a known push service; the newest five devices are kept; ends with this login',
      ...access.user,
      middleware: [
        ...access.user.middleware,
        authRateLimit({
          name: 'push-subscribe',
          by: 'user',
          limit: SUBSCRIBES_PER_HOUR,
          windowMs: 60 * 60_000,
          trustProxy: config.TRUST_PROXY,
        }),
      ],
      request: jsonBody(ZPushSubscribeBody),
      responses: answers(ZOk),
    }),
    async (c) => {
      await subscribePush(db, policy, caller(c), c.req.valid('json'));
      return c.json(ok(), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/push/status',
      tags,
      summary: 'Whether this device (its endpoint) gets the caller’s notifications',
      ...access.user,
      request: jsonBody(ZPushUnsubscribeBody),
      responses: answers(ZPushStatus),
    }),
    async (c) =>
      c.json(ok({ subscribed: await isSubscribed(db, caller(c).userId, c.req.valid('json').endpoint) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/push/unsubscribe',
      tags,
      summary: 'Stop sending this device notifications',
      ...access.user,
      request: jsonBody(ZPushUnsubscribeBody),
      responses: answers(ZOk),
    }),
    async (c) => {
      await unsubscribePush(db, caller(c).userId, c.req.valid('json').endpoint);
      return c.json(ok(), 200);
    },
  );
}
