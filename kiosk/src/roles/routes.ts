import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { ZRole, ZRoleBody, ZRoleUpdateBody } from '@club/shared/users';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { createRole } from './create-role.ts';
import { deleteRole } from './delete-role.ts';
import { listRoles } from './list-roles.ts';
import { findRole, toRole } from './role-rows.ts';
import { updateRole } from './update-role.ts';

const tags = ['roles'];

/** DESIGN §4 roles: name, whether its people may pay later, and their home page. */
export function roleRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/role/all',
    tags,
    summary: 'Every role',
    access: 'user',
    answer: list(ZRole),
    handler: async () => ({ data: await listRoles(db) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/role/{id}',
    tags,
    summary: 'One role',
    access: 'user',
    params: ZIdParam,
    answer: one('role', ZRole),
    handler: async ({ params }) => ({ role: toRole(await findRole(db, params.id)) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/role/create',
    tags,
    summary: 'Add a role (admin)',
    access: 'admin',
    body: ZRoleBody,
    answer: one('role', ZRole),
    handler: async ({ body }) => ({ role: await createRole(db, body) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/role/update',
    tags,
    summary: 'Edit a role (admin); `error.id_required` without an id',
    access: 'admin',
    body: ZRoleUpdateBody,
    answer: one('role', ZRole),
    handler: async ({ body }) => ({ role: await updateRole(db, body) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/role/delete/{id}',
    tags,
    summary: 'Delete a role nobody has (admin); the built-in roles 1–3 stay',
    access: 'admin',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params }) => {
      await deleteRole(db, params.id);
      return {};
    },
  });
}
