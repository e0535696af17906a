import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { type TDiscount, ZDiscount, ZDiscountBody, ZDiscountUpdateBody } from '@club/shared/discounts';
import { AppError } from '@club/shared/errors';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { discounts } from '../db/schema.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { forgetDiscounts } from './applicable.ts';

type Row = typeof discounts.$inferSelect;
const toDiscount = (r: Row): TDiscount => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  value: r.value,
  applies_to: r.appliesTo,
  role_id: r.roleId,
  valid_from: r.validFrom ? r.validFrom.toISOString() : null,
  valid_to: r.validTo ? r.validTo.toISOString() : null,
  weekdays: r.weekdays,
  time_from: r.timeFrom,
  time_to: r.timeTo,
  active: r.active,
});
const columns = (b: z.infer<typeof ZDiscountBody>) => ({
  name: b.name,
  kind: b.kind,
  value: b.value,
  appliesTo: b.applies_to,
  roleId: b.role_id,
  validFrom: b.valid_from ? new Date(b.valid_from) : null,
  validTo: b.valid_to ? new Date(b.valid_to) : null,
  weekdays: [...new Set(b.weekdays)].sort(),
  timeFrom: b.time_from,
  timeTo: b.time_to,
  active: b.active,
});
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
    async (c) =>
      c.json(ok({ data: (await db.select().from(discounts).orderBy(desc(discounts.id))).map(toDiscount) }), 200),
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
    async (c) => {
      const [row] = await db
        .insert(discounts)
        .values({ ...columns(c.req.valid('json')), createdAt: clock.now() })
        .returning();
      forgetDiscounts(db);
      return c.json(ok({ discount: toDiscount(row!) }), 200);
    },
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
    async (c) => {
      const body = c.req.valid('json');
      const [row] = await db.update(discounts).set(columns(body)).where(eq(discounts.id, body.id)).returning();
      forgetDiscounts(db);
      if (!row) throw new AppError('error.not_found');
      return c.json(ok({ discount: toDiscount(row) }), 200);
    },
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
      const [row] = await db
        .delete(discounts)
        .where(eq(discounts.id, c.req.valid('param').id))
        .returning({ id: discounts.id });
      forgetDiscounts(db);
      if (!row) throw new AppError('error.not_found');
      return c.json(ok(), 200);
    },
  );
}
