import { list, ZIdParam } from '@club/shared/api';
import { ZMyPrice, ZPricingUpdateBody, ZRolePricing } from '@club/shared/tables';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { listPricing, listRolePricing } from './list-pricing.ts';
import { myPrices } from './my-prices.ts';
import { updatePricing } from './update-pricing.ts';

const tags = ['pricing'];

/** Per-minute prices per role, for all tables or one (DESIGN §6: table-specific, then role, then table). */
export function pricingRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/pricing/all',
    tags,
    summary: 'Every role price',
    access: 'user',
    answer: list(ZRolePricing),
    handler: async () => ({ data: await listPricing(db) }),
  });
  // before `/v1/pricing/{id}`, which would take `mine` for an id
  defineRoute(app, {
    method: 'get',
    path: '/v1/pricing/mine',
    tags,
    summary: 'What the caller pays per minute at each open table now: their role’s price and any happy hour',
    access: 'user',
    answer: list(ZMyPrice),
    handler: async ({ me }) => ({ data: await myPrices(db, me.userId) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/pricing/{id}',
    tags,
    summary: 'The prices of one role (`error.role_configs_not_found` when it has none)',
    access: 'user',
    params: ZIdParam,
    answer: list(ZRolePricing),
    handler: async ({ params }) => ({ data: await listRolePricing(db, params.id) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/pricing/update',
    tags,
    summary: 'Set a role’s price for all tables or one; `price_per_minute: null` removes it (admin)',
    access: 'admin',
    body: ZPricingUpdateBody,
    answer: list(ZRolePricing),
    handler: async ({ body, me }) => ({ data: await updatePricing(db, body, me.userId) }),
  });
}
