import { list, one, paginated, ZIdParam, ZOk, ZPageQuery } from '@club/shared/api';
import {
  ZNotification,
  ZNotificationAdmin,
  ZNotificationBody,
  ZNotificationUpdateBody,
} from '@club/shared/notifications';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { createNotification } from './create-notification.ts';
import { deleteNotification } from './delete-notification.ts';
import { listMyNotifications } from './list-my-notifications.ts';
import { listNotifications } from './list-notifications.ts';
import { readNotification } from './read-notification.ts';
import { updateNotification } from './update-notification.ts';

const tags = ['notifications'];

/** DESIGN §4 notifications: mine (with read state), and admins' list, create, edit, delete. */
export function notificationRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/notification/my',
    tags,
    summary: 'My notifications (newest first) and how many are unread',
    access: 'user',
    answer: list(ZNotification).extend({ unread: z.number().int() }),
    handler: async ({ me }) => {
      const data = await listMyNotifications(db, me.userId);
      return { data, unread: data.filter((n) => n.read_at === null).length };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/notification/read/{id}',
    tags,
    summary: 'Mark one of my notifications as read',
    access: 'user',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params, me }) => {
      await readNotification(db, me.userId, params.id);
      return {};
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/notification/all',
    tags,
    summary: 'Every notification, newest first, a page at a time, with how many read each (admin)',
    access: 'admin',
    query: ZPageQuery,
    answer: paginated(ZNotificationAdmin),
    handler: async ({ query }) => listNotifications(db, query.page),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/notification/create',
    tags,
    summary: 'Send a notification to everyone, a role or one person (admin)',
    access: 'admin',
    body: ZNotificationBody,
    answer: one('notification', ZNotificationAdmin),
    handler: async ({ body }) => {
      return { notification: await createNotification(db, body) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/notification/update',
    tags,
    summary: 'Edit a notification (admin)',
    access: 'admin',
    body: ZNotificationUpdateBody,
    answer: one('notification', ZNotificationAdmin),
    handler: async ({ body }) => {
      return { notification: await updateNotification(db, body) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/notification/delete/{id}',
    tags,
    summary: 'Delete a notification (admin)',
    access: 'admin',
    params: ZIdParam,
    answer: ZOk,
    handler: async ({ params }) => {
      await deleteNotification(db, params.id);
      return {};
    },
  });
}
