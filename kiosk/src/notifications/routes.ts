import { list, one, ZIdParam, ZOk } from '@club/shared/api';
import {
  ZNotification,
  ZNotificationAdmin,
  ZNotificationBody,
  ZNotificationUpdateBody,
} from '@club/shared/notifications';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { createNotification } from './create-notification.ts';
import { deleteNotification } from './delete-notification.ts';
import { listMyNotifications } from './list-my-notifications.ts';
import { listNotifications } from './list-notifications.ts';
import { readNotification } from './read-notification.ts';
import { updateNotification } from './update-notification.ts';

const tags = ['notifications'];

/** DESIGN §4 notifications: mine (with read state), and admins' list, create, edit, delete. */
export function notificationRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
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
      const data = await listMyNotifications(db, caller(c).userId);
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
      await readNotification(db, caller(c).userId, c.req.valid('param').id);
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
    async (c) => c.json(ok({ data: await listNotifications(db) }), 200),
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
      return c.json(ok({ notification: await createNotification(db, c.req.valid('json')) }), 200);
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
      return c.json(ok({ notification: await updateNotification(db, c.req.valid('json')) }), 200);
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
      await deleteNotification(db, c.req.valid('param').id);
      return c.json(ok(), 200);
    },
  );
}
