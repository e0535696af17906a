import { list, one } from '@club/shared/api';
import { ZOpeningHours, ZOpeningStatus } from '@club/shared/opening-hours';
import {
  ZOutOfOrderBody,
  ZReservation,
  ZReservationCreateBody,
  ZReservationDayQuery,
  ZReservationMoveBody,
  ZReservationSettings,
} from '@club/shared/reservations';
import { ZTable } from '@club/shared/tables';
import { zId } from '@club/shared/validation';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { verifiedUser } from '../http/openapi.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { reservationSettings } from '../settings/club-settings.ts';
import { openingStatus, saveOpeningHours } from '../settings/opening-hours.ts';
import { getTable } from '../tables/list-tables.ts';
import { setOutOfOrder } from '../tables/out-of-order.ts';
import { cancelReservation, moveReservation } from './change-reservation.ts';
import { createReservation } from './create-reservation.ts';
import { listDayReservations, listMyReservations } from './list-reservations.ts';
import { reservationById } from './reservation-rows.ts';

const tags = ['reservations'];
/** a player's booking attempts per hour: enough for any evening's planning, too few to sweep the floor */
const BOOKINGS_PER_HOUR = 20;
const ZReservationAnswer = one('reservation', ZReservation);

/** DESIGN §13: bookings, the day's timeline, opening hours and out-of-order tables. */
export function reservationRoutes(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  const { db } = deps;
  defineRoute(app, {
    method: 'post',
    path: '/v1/reservation/create',
    tags,
    summary: 'Book a table, or any free table that fits the party (staff: for a caller by name, or block an event)',
    access: verifiedUser(db),
    middleware: [
      ...verifiedUser(db).middleware,
      authRateLimit({
        name: 'reservation-create',
        by: 'user',
        limit: BOOKINGS_PER_HOUR,
        windowMs: 60 * 60_000,
        trustProxy: deps.config.TRUST_PROXY,
        skip: (c) => c.get('auth')?.isAdmin === true,
      }),
    ],
    body: ZReservationCreateBody,
    answer: ZReservationAnswer,
    handler: async ({ body, me }) => {
      const id = await createReservation(db, me, body);
      return { reservation: await reservationById(db, id) };
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/reservation/my',
    tags,
    summary: "The caller's reservations: coming ones and the past week's",
    access: 'user',
    answer: list(ZReservation),
    handler: async ({ me }) => ({ data: await listMyReservations(db, me.userId) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/reservation/cancel',
    tags,
    summary: 'Cancel a reservation: the holder until it starts, staff at any time',
    access: 'user',
    body: z.object({ id: zId() }),
    answer: ZReservationAnswer,
    handler: async ({ body, me }) => {
      const { id } = body;
      await cancelReservation(db, me, id);
      return { reservation: await reservationById(db, id) };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/reservation/move',
    tags,
    summary: 'Move a reservation not yet claimed to another time or table (admin)',
    access: 'admin',
    body: ZReservationMoveBody,
    answer: ZReservationAnswer,
    handler: async ({ body, me }) => {
      await moveReservation(db, me, body);
      return { reservation: await reservationById(db, body.id) };
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/reservation/all',
    tags,
    summary: "Every reservation of a day in the club's time zone, in any state (admin)",
    access: 'admin',
    query: ZReservationDayQuery,
    answer: list(ZReservation),
    handler: async ({ query }) => ({ data: await listDayReservations(db, query.date) }),
  });
  settingRoutes(app, deps);
}

function settingRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/opening-hours',
    tags,
    summary: 'The opening hours and whether the club is open now (public: the wall TV and the booking page)',
    access: 'public',
    answer: one('settings', ZOpeningStatus),
    handler: async () => ({ settings: await openingStatus(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/opening-hours',
    tags,
    summary: 'Set the week’s opening hours and the dates that differ (admin); bookings made stay',
    access: 'admin',
    body: ZOpeningHours,
    answer: one('settings', ZOpeningStatus),
    handler: async ({ body }) => {
      await saveOpeningHours(db, body);
      return { settings: await openingStatus(db) };
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/reservations',
    tags,
    summary: 'Minutes of grace before a no-show is released, and of notice for the reminder',
    access: 'user',
    answer: one('settings', ZReservationSettings),
    handler: async () => ({ settings: await reservationSettings.get(db) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/reservations',
    tags,
    summary: 'Change the grace and reminder minutes (admin)',
    access: 'admin',
    body: ZReservationSettings,
    answer: one('settings', ZReservationSettings),
    handler: async ({ body }) => ({ settings: await reservationSettings.save(db, body) }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/table/out-of-order',
    tags: ['tables'],
    summary: 'Mark a table out of order with a reason, or back in order with `reason: null` (admin)',
    access: 'admin',
    body: ZOutOfOrderBody,
    answer: one('table', ZTable),
    handler: async ({ body }) => {
      await setOutOfOrder(db, body.table_id, body.reason);
      return { table: await getTable(db, body.table_id) };
    },
  });
}
