import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { ZRole, ZRoleBody, ZRoleUpdateBody } from '@club/shared/users';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { createRole } from './create-role.ts';
import { deleteRole } from './delete-role.ts';
import { listRoles } from './list-roles.ts';
import { findRole, toRole } from './role-rows.ts';
import { updateRole } from './update-role.ts';

const tags = ['roles'];

/** DESIGN §4 roles: name, whether its people may pay later, and their home page. */
export function roleRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/role/all',
      tags,
      summary: 'Every role',
      ...access.user,
      responses: answers(list(ZRole)),
    }),
    async (c) => c.json(ok({ data: await listRoles(db) }), 200),
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
    async (c) => c.json(ok({ role: toRole(await findRole(db, c.req.valid('param').id)) }), 200),
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
    async (c) => c.json(ok({ role: await createRole(db, c.req.valid('json')) }), 200),
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
    async (c) => c.json(ok({ role: await updateRole(db, c.req.valid('json')) }), 200),
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
      await deleteRole(db, c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );
}
