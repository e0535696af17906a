import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import {
  type TNotification,
  type TNotificationAdmin,
  ZNotification,
  ZNotificationAdmin,
  ZNotificationBody,
  ZNotificationUpdateBody,
} from '@club/shared/notifications';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { notificationReads, notifications, users } from '../db/schema.ts';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { emit } from '../outbox/emit.ts';

type Row = typeof notifications.$inferSelect;
const tags = ['notifications'];

const base = (r: Row) => ({
  id: r.id,
  message: r.message,
  link_text: r.linkText,
  url: r.url,
  audience: r.audience,
  created_at: r.createdAt.toISOString(),
});

/** The notifications a user sees now: theirs, their role's and everyone's, within their time. */
export async function myNotifications(db: Executor, userId: number): Promise<TNotification[]> {
  const [me] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!me) throw new AppError('error.user_not_found');
  const now = clock.now();
  const rows = await db
    .select({ n: notifications, readAt: notificationReads.readAt })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)),
    )
    .where(
      and(
        or(
          eq(notifications.audience, 'all'),
          and(eq(notifications.audience, 'role'), eq(notifications.roleId, me.roleId)),
          and(eq(notifications.audience, 'user'), eq(notifications.userId, userId)),
        ),
        or(isNull(notifications.startsAt), lte(notifications.startsAt, now)),
        or(isNull(notifications.endsAt), gt(notifications.endsAt, now)),
      ),
    )
    .orderBy(desc(sql`coalesce(${notifications.startsAt}, ${notifications.createdAt})`), desc(notifications.id))
    .limit(100);
  return rows.map(({ n, readAt }) => ({ ...base(n), read_at: readAt ? readAt.toISOString() : null }));
}

type Body = z.infer<typeof ZNotificationBody>;
const columns = (b: Body) => ({
  message: b.message,
  linkText: b.link_text,
  url: b.url,
  audience: b.audience,
  roleId: b.audience === 'role' ? b.role_id : null,
  userId: b.audience === 'user' ? b.user_id : null,
  startsAt: b.starts_at ? new Date(b.starts_at) : null,
  endsAt: b.ends_at ? new Date(b.ends_at) : null,
});

/** DESIGN §4 notifications: mine (with read state), and admins' list, create, edit, delete. */
export function notificationRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  const adminView = async (rows: Row[]): Promise<TNotificationAdmin[]> => {
    const reads = await db
      .select({ id: notificationReads.notificationId, n: count() })
      .from(notificationReads)
      .groupBy(notificationReads.notificationId);
    const readCount = new Map(reads.map((r) => [r.id, r.n]));
    return rows.map((r) => ({
      ...base(r),
      role_id: r.roleId,
      user_id: r.userId,
      starts_at: r.startsAt ? r.startsAt.toISOString() : null,
      ends_at: r.endsAt ? r.endsAt.toISOString() : null,
      read_count: readCount.get(r.id) ?? 0,
    }));
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/notification/my',
      tags,
      summary: 'My notifications (newest first) and how many are unread',
      ...access.user,
      responses: answers(list(ZNotification).extend({ unread: z.number().int() })),
    }),
    async (c) => {
      const data = await myNotifications(db, caller(c).userId);
      return c.json(ok({ data, unread: data.filter((n) => n.read_at === null).length }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/notification/read/{id}',
      tags,
      summary: 'Mark one of my notifications as read',
      ...access.user,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      const me = caller(c).userId;
      const id = c.req.valid('param').id;
      if (!(await myNotifications(db, me)).some((n) => n.id === id)) throw new AppError('error.not_found');
      await db
        .insert(notificationReads)
        .values({ notificationId: id, userId: me, readAt: clock.now() })
        .onConflictDoNothing();
      return c.json(ok(), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/notification/all',
      tags,
      summary: 'Every notification (admin)',
      ...access.admin,
      responses: answers(list(ZNotificationAdmin)),
    }),
    async (c) =>
      c.json(ok({ data: await adminView(await db.select().from(notifications).orderBy(desc(notifications.id))) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/notification/create',
      tags,
      summary: 'Send a notification to everyone, a role or one person (admin)',
      ...access.admin,
      request: jsonBody(ZNotificationBody),
      responses: answers(one('notification', ZNotificationAdmin)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(notifications)
          .values({ ...columns(body), createdAt: clock.now() })
          .returning();
        await emit(tx, {
          type: 'notification.created',
          payload: { notification_id: created!.id, user_id: created!.userId },
        });
        return created!;
      });
      return c.json(ok({ notification: (await adminView([row]))[0]! }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/notification/update',
      tags,
      summary: 'Edit a notification (admin)',
      ...access.admin,
      request: jsonBody(ZNotificationUpdateBody),
      responses: answers(one('notification', ZNotificationAdmin)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const [row] = await db.update(notifications).set(columns(body)).where(eq(notifications.id, body.id)).returning();
      if (!row) throw new AppError('error.not_found');
      return c.json(ok({ notification: (await adminView([row]))[0]! }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/notification/delete/{id}',
      tags,
      summary: 'Delete a notification (admin)',
      ...access.admin,
      request: { params: ZIdParam },
      responses: answers(ZOk),
    }),
    async (c) => {
      const [row] = await db
        .delete(notifications)
        .where(eq(notifications.id, c.req.valid('param').id))
        .returning({ id: notifications.id });
      if (!row) throw new AppError('error.not_found');
      return c.json(ok(), 200);
    },
  );
}
