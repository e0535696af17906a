import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { ZDiscount, ZDiscountBody, ZDiscountUpdateBody } from '@club/shared/discounts';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { createDiscount } from './create-discount.ts';
import { deleteDiscount } from './delete-discount.ts';
import { listDiscounts } from './list-discounts.ts';
import { updateDiscount } from './update-discount.ts';

const tags = ['discounts'];

/** Discounts: percent or fixed, on table time, products or subscriptions, by role, dates and hours. */
export function discountRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/discount/all',
      tags,
      summary: 'Every discount (admin)',
      ...access.admin,
      responses: answers(list(ZDiscount)),
    }),
    async (c) => c.json(ok({ data: await listDiscounts(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/discount/create',
      tags,
      summary: 'Add a discount (admin)',
      ...access.admin,
      request: jsonBody(ZDiscountBody),
      responses: answers(one('discount', ZDiscount)),
    }),
    async (c) => c.json(ok({ discount: await createDiscount(db, c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/discount/update',
      tags,
      summary: 'Edit a discount (admin)',
      ...access.admin,
      request: jsonBody(ZDiscountUpdateBody),
      responses: answers(one('discount', ZDiscount)),
    }),
    async (c) => c.json(ok({ discount: await updateDiscount(db, c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/discount/delete/{id}',
      tags,
      summary: 'Delete a discount (admin)',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      await deleteDiscount(db, c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );
}
