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
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
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
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/subscription/all',
      tags: subTags,
      summary: 'Prepaid hours for sale (`all=1`: with inactive ones, admin)',
      ...access.public,
      request: { query: ZWithInactiveQuery },
      responses: answers(list(ZSubscriptionProduct)),
    }),
    async (c) => {
      const all = c.req.valid('query').all === '1';
      if (all && !c.get('auth')?.isAdmin) throw new AppError('error.forbidden');
      return c.json(ok({ data: await listCatalogue(db, all) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/create',
      tags: subTags,
      summary: 'Put prepaid hours on sale (admin)',
      ...access.admin,
      request: jsonBody(ZSubscriptionCreateBody),
      responses: answers(ZCatalogueAnswer),
    }),
    async (c) => c.json(ok({ subscription: await createCatalogueItem(db, c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/update',
      tags: subTags,
      summary: 'Edit prepaid hours for sale (admin)',
      ...access.admin,
      request: jsonBody(ZSubscriptionUpdateBody),
      responses: answers(ZCatalogueAnswer),
    }),
    async (c) => {
      const { id, ...fields } = c.req.valid('json');
      return c.json(ok({ subscription: await updateCatalogueItem(db, id, fields) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/delete/{id}',
      tags: subTags,
      summary: 'Take prepaid hours off sale (admin)',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      await deleteCatalogueItem(db, c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );
  for (const [path, event, summary] of [
    ['/v1/subscription/pause', 'PAUSE', 'Pause my prepaid hours (admins: anyone’s); play is then charged normally'],
    ['/v1/subscription/unpause', 'UNPAUSE', 'Resume my prepaid hours'],
    ['/v1/subscription/remove', 'DELETE', 'Delete my prepaid hours'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags: subTags,
        summary,
        ...access.user,
        request: jsonBody(ZSubscriptionIdBody),
        responses: answers(ZMineAnswer),
      }),
      async (c) =>
        c.json(
          ok({ subscription: await changeSubscription(db, caller(c), c.req.valid('json').id, { type: event }) }),
          200,
        ),
    );
  }
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/subscription/add',
      tags: subTags,
      summary: 'Give a user prepaid hours (admin)',
      ...access.admin,
      request: jsonBody(ZSubscriptionAddBody),
      responses: answers(ZMineAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(
        ok({
          subscription: await addSubscription(db, caller(c), {
            userId: body.user_id,
            subscriptionId: body.subscription_id,
          }),
        }),
        200,
      );
    },
  );
}
