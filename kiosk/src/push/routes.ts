import { ZOk } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import { ZPushKey, ZPushSubscribeBody, ZPushUnsubscribeBody } from '@club/shared/push';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { type PushService, subscribePush, unsubscribePush } from './push-service.ts';

const tags = ['push'];

/** Web Push (DESIGN §13): the key a browser subscribes with, and a device's subscription. */
export function pushRoutes(app: OpenAPIHono<AppEnv>, { db, config }: Deps, push: PushService): void {
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
      summary: 'Send this device the caller’s notifications (PushSubscription.toJSON())',
      ...access.user,
      request: jsonBody(ZPushSubscribeBody),
      responses: answers(ZOk),
    }),
    async (c) => {
      const body = c.req.valid('json');
      // push services are https; the kiosk never posts elsewhere for a stranger in production
      if (config.NODE_ENV === 'production' && !body.endpoint.startsWith('https://'))
        throw new AppError('error.validation_failed', { fields: { endpoint: 'validation.url' } });
      await subscribePush(db, caller(c).userId, body);
      return c.json(ok(), 200);
    },
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
