import { list, one, PER_PAGE, paginated, ZIdParam, ZOk } from '@club/shared/api';
import { AppError } from '@club/shared/errors';
import { ZUserSubscription } from '@club/shared/shop';
import { ZUser, ZUserCreateBody, ZUserListQuery, ZUserUpdateBody } from '@club/shared/users';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { registerUser } from '../accounts/register-user.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { authAllowance } from '../http/rate-limit.ts';
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
  const { db, config } = deps;
  // the links a change of address mails, per person making it: as many as asking for a link gives
  const changeMails = authAllowance({
    name: 'email-change',
    limit: config.AUTH_RATE_LIMIT,
    windowMs: config.AUTH_RATE_WINDOW_MS,
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/all',
    tags,
    summary: 'A page of users, searched by `user` over name, surname, e-mail and phone (admin)',
    access: 'admin',
    query: ZUserListQuery,
    answer: paginated(ZUser),
    handler: async ({ query }) => {
      const { rows, total, lastPage } = await listUsers(db, query);
      return { data: rows.map(toUser), current_page: query.page, last_page: lastPage, per_page: PER_PAGE, total };
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/all-without-pagination',
    tags,
    summary: 'Every user (admin)',
    access: 'admin',
    answer: list(ZUser),
    handler: async () => ({ data: (await listAllUsers(db)).map(toUser) }),
  });

  // before /v1/user/{id}, so that these names are not read as ids
  myUserRoutes(app, deps);

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/{id}/subscriptions',
    tags,
    summary: 'A user’s prepaid hours, time left as of now (admin)',
    access: 'admin',
    params: ZIdParam,
    answer: list(ZUserSubscription),
    handler: async ({ params }) => {
      const id = params.id;
      await findUser(db, id);
      return { data: await mySubscriptions(db, id) };
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/user/{id}',
    tags,
    summary: 'One user (admins, or the user themself); `user` is null on failure',
    access: 'user',
    params: ZIdParam,
    answer: one('user', ZUser),
    handler: async ({ params, me }) => {
      const { id } = params;
      if (!me.isAdmin && me.userId !== id) throw new AppError('error.forbidden', { extra: { user: null } });
      return { user: toUser(await findUser(db, id)) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/user/update',
    tags,
    summary:
      'Edit a user (admins: anyone; players: themselves, not their role); a changed address is mailed a link, as often as verify/send may mail one',
    access: 'user',
    body: ZUserUpdateBody,
    answer: one('user', ZUser),
    handler: async ({ body, me }) => {
      const user = await updateUser(deps, me, body, changeMails);
      return { user: toUser(user) };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/user/delete/{id}',
    tags,
    summary: 'Delete a user (admin); refused while they owe money or play',
    access: 'admin',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params, me }) => {
      await deleteUser(db, me, params.id);
      return {};
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/user/create',
    tags,
    summary: 'Create a user (admin); they get an e-mail with a link to choose a password',
    access: 'admin',
    body: ZUserCreateBody,
    answer: one('user', ZUser),
    handler: async ({ body }) => {
      await assertRoleExists(db, body.role);
      const user = await registerUser(deps, {
        ...body,
        roleId: body.role,
        isAdmin: body.is_admin,
        verified: body.email_verified,
      });
      return { user: toUser(user) };
    },
  });
}
