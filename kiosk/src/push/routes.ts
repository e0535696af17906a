import { ZOk } from '@club/shared/api';
import { ZPushKey, ZPushStatus, ZPushSubscribeBody, ZPushUnsubscribeBody } from '@club/shared/push';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { endpointPolicy } from './push-endpoints.ts';
import { isSubscribed, type PushService, subscribePush, unsubscribePush } from './push-service.ts';

const tags = ['push'];
/** a person subscribes once per device and login: a few an hour is plenty */
const SUBSCRIBES_PER_HOUR = 10;

/** Web Push (DESIGN §13): the key a browser subscribes with, and a device's subscription. */
export function pushRoutes(app: OpenAPIHono<AppEnv>, { db, config }: Deps, push: PushService): void {
  const policy = endpointPolicy(config);
  defineRoute(app, {
    method: 'get',
    path: '/v1/push/key',
    tags,
    summary: 'The VAPID public key a browser subscribes with',
    access: 'public',
    answer: ZPushKey,
    handler: async () => ({ public_key: await push.publicKey() }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/push/subscribe',
    tags,
    summary:
      'Send this device the caller’s notifications (PushSubscription.toJSON()): https on a known push service; the newest five devices are kept; ends with this login',
    access: 'user',
    middleware: [
      authRateLimit({
        name: 'push-subscribe',
        by: 'user',
        limit: SUBSCRIBES_PER_HOUR,
        windowMs: 60 * 60_000,
        trustProxy: config.TRUST_PROXY,
      }),
    ],
    body: ZPushSubscribeBody,
    answer: ZOk,
    handler: async ({ body, me }) => {
      await subscribePush(db, policy, me, body);
      return {};
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/push/status',
    tags,
    summary: 'Whether this device (its endpoint) gets the caller’s notifications',
    access: 'user',
    body: ZPushUnsubscribeBody,
    answer: ZPushStatus,
    handler: async ({ body, me }) => ({ subscribed: await isSubscribed(db, me.userId, body.endpoint) }),
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/push/unsubscribe',
    tags,
    summary: 'Stop sending this device notifications',
    access: 'user',
    body: ZPushUnsubscribeBody,
    answer: ZOk,
    handler: async ({ body, me }) => {
      await unsubscribePush(db, me.userId, body.endpoint);
      return {};
    },
  });
}
