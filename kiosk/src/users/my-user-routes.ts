import { list, one } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';
import { ZGuestName, ZUser } from '@club/shared/users';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { findUser } from './find-user.ts';
import { myGuests } from './guests.ts';
import { myActiveSubscription, mySubscriptions } from './subscriptions.ts';
import { toUser } from './to-user.ts';

const tags = ['users'];

/** The logged-in user's own calls: profile, prepaid hours and guests. */
export function myUserRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/profile',
      tags,
      summary: 'The logged-in user',
      ...access.user,
      responses: answers(one('user', ZUser)),
    }),
    async (c) => c.json(ok({ user: toUser(await findUser(db, caller(c).userId)) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/my-active-subscription',
      tags,
      summary: 'The subscription that pays the next minutes, or null',
      ...access.user,
      responses: answers(one('subscription', ZUserSubscription.nullable())),
    }),
    async (c) => c.json(ok({ subscription: await myActiveSubscription(db, caller(c).userId) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/my-subscriptions',
      tags,
      summary: 'Every subscription of the logged-in user',
      ...access.user,
      responses: answers(list(ZUserSubscription)),
    }),
    async (c) => c.json(ok({ data: await mySubscriptions(db, caller(c).userId) }), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/guests',
      tags,
      summary: 'Guests the logged-in user has brought before',
      ...access.user,
      responses: answers(list(ZGuestName)),
    }),
    async (c) => c.json(ok({ data: await myGuests(db, caller(c).userId) }), 200),
  );
}
