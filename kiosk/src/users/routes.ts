import { list, one, PER_PAGE, paginated, ZIdParam, ZOk } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import { ZUserSubscription } from '@club/shared/shop';
import { ZUser, ZUserCreateBody, ZUserListQuery, ZUserUpdateBody } from '@club/shared/users';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { registerUser } from '../accounts/register-user.ts';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { deleteUser } from './delete-user.ts';
import { assertRoleExists, findUser } from './find-user.ts';
import { listAllUsers, listUsers } from './list-users.ts';
import { myUserRoutes } from './my-user-routes.ts';
import { mySubscriptions } from './subscriptions.ts';
import { toUser } from './to-user.ts';
import { updateUser } from './update-user.ts';

const tags = ['users'];

/** SPEC §7: the ten user calls, exactly as specified. */
export function userRoutes(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const { db } = deps;

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/all',
      tags,
      summary: 'A page of users, searched by `user` over name, surname, e-mail and phone (admin)',
      ...access.admin,
      request: { query: ZUserListQuery },
      responses: answers(paginated(ZUser)),
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { rows, total, lastPage } = await listUsers(db, query);
      return c.json(
        ok({ data: rows.map(toUser), current_page: query.page, last_page: lastPage, per_page: PER_PAGE, total }),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/all-without-pagination',
      tags,
      summary: 'Every user (admin)',
      ...access.admin,
      responses: answers(list(ZUser)),
    }),
    async (c) => c.json(ok({ data: (await listAllUsers(db)).map(toUser) }), 200),
  );

  // before /v1/user/{id}, so that these names are not read as ids
  myUserRoutes(app, deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/{id}/subscriptions',
      tags,
      summary: 'A user’s prepaid hours, time left as of now (admin)',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(list(ZUserSubscription)),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      await findUser(db, id);
      return c.json(ok({ data: await mySubscriptions(db, id) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/user/{id}',
      tags,
      summary: 'One user (admins, or the user themself); `user` is null on failure',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(one('user', ZUser)),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const me = caller(c);
      if (!me.isAdmin && me.userId !== id) throw new AppError('error.forbidden', { extra: { user: null } });
      return c.json(ok({ user: toUser(await findUser(db, id)) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/update',
      tags,
      summary: 'Edit a user (admins: anyone; players: themselves, not their role)',
      ...access.user,
      request: jsonBody(ZUserUpdateBody),
      responses: answers(one('user', ZUser)),
    }),
    async (c) => {
      const user = await updateUser(db, caller(c), c.req.valid('json'));
      return c.json(ok({ user: toUser(user) }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/delete/{id}',
      tags,
      summary: 'Delete a user (admin); refused while they owe money or play',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      await deleteUser(db, caller(c), c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/user/create',
      tags,
      summary: 'Create a user (admin); they get an e-mail with a link to choose a password',
      ...access.admin,
      request: jsonBody(ZUserCreateBody),
      responses: answers(one('user', ZUser)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await assertRoleExists(db, body.role);
      const user = await registerUser(deps, {
        ...body,
        roleId: body.role,
        isAdmin: body.is_admin,
        verified: body.email_verified,
      });
      return c.json(ok({ user: toUser(user) }), 200);
    },
  );
}
