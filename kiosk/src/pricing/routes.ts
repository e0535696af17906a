import { list, ZIdParam } from '@club/shared/api';
import { ZMyPrice, ZPricingUpdateBody, ZRolePricing } from '@club/shared/tables';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { listPricing, listRolePricing } from './list-pricing.ts';
import { myPrices } from './my-prices.ts';
import { updatePricing } from './update-pricing.ts';

const tags = ['pricing'];

/** Per-minute prices per role, for all tables or one (DESIGN §6: table-specific, then role, then table). */
export function pricingRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/pricing/all',
      tags,
      summary: 'Every role price',
      ...access.user,
      responses: answers(list(ZRolePricing)),
    }),
    async (c) => c.json(ok({ data: await listPricing(db) }), 200),
  );
  // before `/v1/pricing/{id}`, which would take `mine` for an id
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/pricing/mine',
      tags,
      summary: 'What the caller pays per minute at each open table now: their role’s price and any happy hour',
      ...access.user,
      responses: answers(list(ZMyPrice)),
    }),
    async (c) => c.json(ok({ data: await myPrices(db, caller(c).userId) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/pricing/{id}',
      tags,
      summary: 'The prices of one role (`error.role_configs_not_found` when it has none)',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(list(ZRolePricing)),
    }),
    async (c) => c.json(ok({ data: await listRolePricing(db, c.req.valid('param').id) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/pricing/update',
      tags,
      summary: 'Set a role’s price for all tables or one; `price_per_minute: null` removes it (admin)',
      ...access.admin,
      request: jsonBody(ZPricingUpdateBody),
      responses: answers(list(ZRolePricing)),
    }),
    async (c) => c.json(ok({ data: await updatePricing(db, c.req.valid('json')) }), 200),
  );
}
