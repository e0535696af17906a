import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import {
  ZCart,
  ZProduct,
  ZSubscriptionAddBody,
  ZSubscriptionCreateBody,
  ZSubscriptionIdBody,
  ZSubscriptionProduct,
  ZSubscriptionUpdateBody,
  ZUserSubscription,
} from '@club/shared/shop';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import {
  addSubscription,
  changeSubscription,
  createCatalogueItem,
  deleteCatalogueItem,
  listCatalogue,
  updateCatalogueItem,
} from './subscriptions.ts';
import { ZWithInactiveQuery } from './with-inactive-query.ts';

const _ZProductAnswer = one('product', ZProduct);
const _ZCartAnswer = one('cart', ZCart);

/** DESIGN §4 subscriptions: the catalogue of prepaid hours and users' hours. */
export function subscriptionRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const subTags = ['subscriptions'];
  const ZCatalogueAnswer = one('subscription', ZSubscriptionProduct);
  const ZMineAnswer = one('subscription', ZUserSubscription);
  defineRoute(app, {
    method: 'get',
    path: '/v1/subscription/all',
    tags: subTags,
    summary: 'Prepaid hours for sale (`all=1`: with inactive ones, admin)',
    access: 'public',
    query: ZWithInactiveQuery,
    answer: list(ZSubscriptionProduct),
    handler: async ({ c, query }) => {
      const all = query.all === '1';
      if (all && !c.get('auth')?.isAdmin) throw new AppError('error.forbidden');
      return { data: await listCatalogue(db, all) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/subscription/create',
    tags: subTags,
    summary: 'Put prepaid hours on sale (admin)',
    access: 'admin',
    body: ZSubscriptionCreateBody,
    answer: ZCatalogueAnswer,
    handler: async ({ body, me }) => ({ subscription: await createCatalogueItem(db, body, me.userId) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/subscription/update',
    tags: subTags,
    summary: 'Edit prepaid hours for sale (admin)',
    access: 'admin',
    body: ZSubscriptionUpdateBody,
    answer: ZCatalogueAnswer,
    handler: async ({ body, me }) => {
      const { id, ...fields } = body;
      return { subscription: await updateCatalogueItem(db, id, fields, me.userId) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/subscription/delete/{id}',
    tags: subTags,
    summary: 'Take prepaid hours off sale (admin)',
    access: 'admin',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params }) => {
      await deleteCatalogueItem(db, params.id);
      return {};
    },
  });
  for (const [path, event, summary] of [
    ['/v1/subscription/pause', 'PAUSE', 'Pause my prepaid hours (admins: anyone’s); play is then charged normally'],
    ['/v1/subscription/unpause', 'UNPAUSE', 'Resume my prepaid hours'],
    ['/v1/subscription/remove', 'DELETE', 'Delete my prepaid hours'],
  ] as const) {
    defineRoute(app, {
      method: 'post',
      path,
      tags: subTags,
      summary,
      access: 'user',
      body: ZSubscriptionIdBody,
      answer: ZMineAnswer,
      handler: async ({ body, me }) => ({ subscription: await changeSubscription(db, me, body.id, { type: event }) }),
    });
  }
  defineRoute(app, {
    method: 'post',
    path: '/v1/subscription/add',
    tags: subTags,
    summary: 'Give a user prepaid hours (admin)',
    access: 'admin',
    body: ZSubscriptionAddBody,
    answer: ZMineAnswer,
    handler: async ({ body, me }) => {
      return {
        subscription: await addSubscription(db, me, {
          userId: body.user_id,
          subscriptionId: body.subscription_id,
        }),
      };
    },
  });
}
