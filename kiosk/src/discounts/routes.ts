import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { ZDiscount, ZDiscountBody, ZDiscountUpdateBody } from '@club/shared/discounts';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { createDiscount } from './create-discount.ts';
import { deleteDiscount } from './delete-discount.ts';
import { listDiscounts } from './list-discounts.ts';
import { updateDiscount } from './update-discount.ts';

const tags = ['discounts'];

/** Discounts: percent or fixed, on table time, products or subscriptions, by role, dates and hours. */
export function discountRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/discount/all',
    tags,
    summary: 'Every discount (admin)',
    access: 'admin',
    answer: list(ZDiscount),
    handler: async () => ({ data: await listDiscounts(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/discount/create',
    tags,
    summary: 'Add a discount (admin)',
    access: 'admin',
    body: ZDiscountBody,
    answer: one('discount', ZDiscount),
    handler: async ({ body }) => ({ discount: await createDiscount(db, body) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/discount/update',
    tags,
    summary: 'Edit a discount (admin)',
    access: 'admin',
    body: ZDiscountUpdateBody,
    answer: one('discount', ZDiscount),
    handler: async ({ body }) => ({ discount: await updateDiscount(db, body) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/discount/delete/{id}',
    tags,
    summary: 'Delete a discount (admin)',
    access: 'admin',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params }) => {
      await deleteDiscount(db, params.id);
      return {};
    },
  });
}
