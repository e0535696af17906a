import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { SHOP_ROLE_ID, type TRole, ZRole, ZRoleBody, ZRoleUpdateBody } from '@club/shared/users';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asc, count, eq } from 'drizzle-orm';
import { roles, users } from '../db/schema.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { forgetRolePrices } from '../pricing/role-prices.ts';

type RoleRow = typeof roles.$inferSelect;
const toRole = (r: RoleRow): TRole => ({ id: r.id, name: r.name, can_pay_later: r.canPayLater, home_page: r.homePage });
const tags = ['roles'];
/** The roles the product itself relies on (SPEC §6: role 3 shops); they can be renamed, not deleted. */
const BUILT_IN = new Set([1, 2, SHOP_ROLE_ID]);

/** DESIGN §4 roles: name, whether its people may pay later, and their home page. */
export function roleRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const find = async (id: number) => {
    const [row] = await db.select().from(roles).where(eq(roles.id, id));
    if (!row) throw new AppError('error.role_not_found');
    return row;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/role/all',
      tags,
      summary: 'Every role',
      ...access.user,
      responses: answers(list(ZRole)),
    }),
    async (c) => c.json(ok({ data: (await db.select().from(roles).orderBy(asc(roles.id))).map(toRole) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/role/{id}',
      tags,
      summary: 'One role',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(one('role', ZRole)),
    }),
    async (c) => c.json(ok({ role: toRole(await find(c.req.valid('param').id)) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/role/create',
      tags,
      summary: 'Add a role (admin)',
      ...access.admin,
      request: jsonBody(ZRoleBody),
      responses: answers(one('role', ZRole)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const [row] = await db
        .insert(roles)
        .values({ name: body.name, canPayLater: body.can_pay_later, homePage: body.home_page, createdAt: clock.now() })
        .returning();
      if (!row) throw new AppError('error.unable_to_create_role');
      return c.json(ok({ role: toRole(row) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/role/update',
      tags,
      summary: 'Edit a role (admin); `error.id_required` without an id',
      ...access.admin,
      request: jsonBody(ZRoleUpdateBody),
      responses: answers(one('role', ZRole)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (body.id === undefined) throw new AppError('error.id_required');
      await find(body.id);
      const [row] = await db
        .update(roles)
        .set({ name: body.name, canPayLater: body.can_pay_later, homePage: body.home_page })
        .where(eq(roles.id, body.id))
        .returning();
      return c.json(ok({ role: toRole(row!) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/role/delete/{id}',
      tags,
      summary: 'Delete a role nobody has (admin); the built-in roles 1–3 stay',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      await find(id);
      const [inUse] = await db.select({ n: count() }).from(users).where(eq(users.roleId, id));
      if (BUILT_IN.has(id) || (inUse?.n ?? 0) > 0) throw new AppError('error.role_in_use');
      await db.delete(roles).where(eq(roles.id, id));
      // its prices went with it
      forgetRolePrices(db);
      return c.json(ok(), 200);
    },
  );
}
