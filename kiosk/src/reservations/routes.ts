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
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody, verifiedUser } from '../http/openapi.ts';
import { authRateLimit } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import {
  getReservationSettings,
  openingStatus,
  saveOpeningHours,
  saveReservationSettings,
} from '../settings/opening-hours.ts';
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
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/reservation/create',
      tags,
      summary: 'Book a table, or any free table that fits the party (staff: for a caller by name, or block an event)',
      ...verifiedUser(db),
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
      request: jsonBody(ZReservationCreateBody),
      responses: answers(ZReservationAnswer),
    }),
    async (c) => {
      const id = await createReservation(db, caller(c), c.req.valid('json'));
      return c.json(ok({ reservation: await reservationById(db, id) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/reservation/my',
      tags,
      summary: "The caller's reservations: coming ones and the past week's",
      ...access.user,
      responses: answers(list(ZReservation)),
    }),
    async (c) => c.json(ok({ data: await listMyReservations(db, caller(c).userId) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/reservation/cancel',
      tags,
      summary: 'Cancel a reservation: the holder until it starts, staff at any time',
      ...access.user,
      request: jsonBody(z.object({ id: zId() })),
      responses: answers(ZReservationAnswer),
    }),
    async (c) => {
      const { id } = c.req.valid('json');
      await cancelReservation(db, caller(c), id);
      return c.json(ok({ reservation: await reservationById(db, id) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/reservation/move',
      tags,
      summary: 'Move a reservation not yet claimed to another time or table (admin)',
      ...access.admin,
      request: jsonBody(ZReservationMoveBody),
      responses: answers(ZReservationAnswer),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await moveReservation(db, body);
      return c.json(ok({ reservation: await reservationById(db, body.id) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/reservation/all',
      tags,
      summary: "Every reservation of a day in the club's time zone, in any state (admin)",
      ...access.admin,
      request: { query: ZReservationDayQuery },
      responses: answers(list(ZReservation)),
    }),
    async (c) => c.json(ok({ data: await listDayReservations(db, c.req.valid('query').date) }), 200),
  );
  settingRoutes(app, deps);
}

function settingRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/opening-hours',
      tags,
      summary: 'The opening hours and whether the club is open now (public: the wall TV and the booking page)',
      ...access.public,
      responses: answers(one('settings', ZOpeningStatus)),
    }),
    async (c) => c.json(ok({ settings: await openingStatus(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/opening-hours',
      tags,
      summary: 'Set the week’s opening hours and the dates that differ (admin); bookings made stay',
      ...access.admin,
      request: jsonBody(ZOpeningHours),
      responses: answers(one('settings', ZOpeningStatus)),
    }),
    async (c) => {
      await saveOpeningHours(db, c.req.valid('json'));
      return c.json(ok({ settings: await openingStatus(db) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/reservations',
      tags,
      summary: 'Minutes of grace before a no-show is released, and of notice for the reminder',
      ...access.user,
      responses: answers(one('settings', ZReservationSettings)),
    }),
    async (c) => c.json(ok({ settings: await getReservationSettings(db) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/reservations',
      tags,
      summary: 'Change the grace and reminder minutes (admin)',
      ...access.admin,
      request: jsonBody(ZReservationSettings),
      responses: answers(one('settings', ZReservationSettings)),
    }),
    async (c) => c.json(ok({ settings: await saveReservationSettings(db, c.req.valid('json')) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/table/out-of-order',
      tags: ['tables'],
      summary: 'Mark a table out of order with a reason, or back in order with `reason: null` (admin)',
      ...access.admin,
      request: jsonBody(ZOutOfOrderBody),
      responses: answers(one('table', ZTable)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await setOutOfOrder(db, body.table_id, body.reason);
      return c.json(ok({ table: await getTable(db, body.table_id) }), 200);
    },
  );
}
