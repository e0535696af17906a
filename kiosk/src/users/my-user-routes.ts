import { list, one } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';
import { ZGuestName, ZUser } from '@club/shared/users';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { findUser } from './find-user.ts';
import { myGuests } from './guests.ts';
import { myActiveSubscription, mySubscriptions } from './subscriptions.ts';
import { toUser } from './to-user.ts';

const tags = ['users'];

/** The logged-in user's own calls: profile, prepaid hours and guests. */
export function myUserRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/user/profile',
    tags,
    summary: 'The logged-in user',
    access: 'user',
    answer: one('user', ZUser),
    handler: async ({ me }) => ({ user: toUser(await findUser(db, me.userId)) }),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/my-active-subscription',
    tags,
    summary: 'The subscription that pays the next minutes, or null',
    access: 'user',
    answer: one('subscription', ZUserSubscription.nullable()),
    handler: async ({ me }) => ({ subscription: await myActiveSubscription(db, me.userId) }),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/my-subscriptions',
    tags,
    summary: 'Every subscription of the logged-in user',
    access: 'user',
    answer: list(ZUserSubscription),
    handler: async ({ me }) => ({ data: await mySubscriptions(db, me.userId) }),
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/guests',
    tags,
    summary: 'Guests the logged-in user has brought before',
    access: 'user',
    answer: list(ZGuestName),
    handler: async ({ me }) => ({ data: await myGuests(db, me.userId) }),
  });
}
