import { list, ZIdParam } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import { type TRolePricing, ZPricingUpdateBody, ZRolePricing } from '@club/shared/tables';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { poolTables, rolePricing, roles } from '../db/schema.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { forgetRolePrices } from './role-prices.ts';

type Row = typeof rolePricing.$inferSelect;
const toPricing = (r: Row): TRolePricing => ({
  id: r.id,
  role_id: r.roleId,
  table_id: r.tableId,
  price_per_minute: r.pricePerMinute,
});
const tags = ['pricing'];

/** Per-minute prices per role, for all tables or one (DESIGN §6: table-specific, then role, then table). */
export function pricingRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const all = async () =>
    (await db.select().from(rolePricing).orderBy(asc(rolePricing.roleId), asc(rolePricing.tableId))).map(toPricing);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/pricing/all',
      tags,
      summary: 'Every role price',
      ...access.user,
      responses: answers(list(ZRolePricing)),
    }),
    async (c) => c.json(ok({ data: await all() }), 200),
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
    async (c) => {
      const roleId = c.req.valid('param').id;
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
      if (!role) throw new AppError('error.role_not_found');
      const rows = (await all()).filter((p) => p.role_id === roleId);
      if (!rows.length) throw new AppError('error.role_configs_not_found');
      return c.json(ok({ data: rows }), 200);
    },
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
    async (c) => {
      const body = c.req.valid('json');
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, body.role_id));
      if (!role) throw new AppError('error.role_not_found');
      if (body.table_id !== null) {
        const [table] = await db.select({ id: poolTables.id }).from(poolTables).where(eq(poolTables.id, body.table_id));
        if (!table) throw new AppError('error.table_not_found');
      }
      const match = and(
        eq(rolePricing.roleId, body.role_id),
        body.table_id === null ? isNull(rolePricing.tableId) : eq(rolePricing.tableId, body.table_id),
      );
      if (body.price_per_minute === null) {
        const removed = await db.delete(rolePricing).where(match).returning({ id: rolePricing.id });
        if (!removed.length) throw new AppError('error.role_configs_not_found');
      } else {
        await db
          .insert(rolePricing)
          .values({ roleId: body.role_id, tableId: body.table_id, pricePerMinute: body.price_per_minute })
          .onConflictDoUpdate({
            target: [rolePricing.roleId, rolePricing.tableId],
            set: { pricePerMinute: body.price_per_minute },
          });
      }
      forgetRolePrices(db);
      return c.json(ok({ data: await all() }), 200);
    },
  );
}
