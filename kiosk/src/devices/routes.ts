import { one, PER_PAGE, paginated } from '@club/shared/api';
import {
  ZDeviceSettings,
  ZDevicesStatus,
  ZDoorAccess,
  ZDoorLogEntry,
  ZDoorLogQuery,
  ZDoorOpen,
  ZLightLogQuery,
  ZLightOverride,
  ZTableLightBody,
} from '@club/shared/devices';
import { ZTable } from '@club/shared/tables';
import { z } from '@club/shared/zod';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { caller } from '../http/auth.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { access, answers, jsonBody } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { getTable } from '../tables/list-tables.ts';
import { readDoorLog, readLightLog } from './access-log.ts';
import { getDeviceSettings, saveDeviceSettings } from './device-settings.ts';
import type { Devices } from './devices.ts';
import { doorGrant } from './door.ts';
import { setLightMode } from './light-override.ts';

const ZDeviceSettingsAnswer = one('settings', ZDeviceSettings).extend({ status: ZDevicesStatus });

/** DESIGN §14: the club's devices, a table's light held by staff, and the door. */
export function deviceRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps, devices: Devices): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/settings/devices',
      tags: ['settings'],
      summary: 'The door relay, the lights’ minutes, unstaffed hours, and how the broker and the door are (admin)',
      ...access.admin,
      responses: answers(ZDeviceSettingsAnswer),
    }),
    async (c) => c.json(ok({ settings: await getDeviceSettings(db), status: await devices.status() }), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/settings/devices',
      tags: ['settings'],
      summary: 'Change the door relay, the lights’ minutes and unstaffed hours (admin)',
      ...access.admin,
      request: jsonBody(ZDeviceSettings),
      responses: answers(ZDeviceSettingsAnswer),
    }),
    async (c) => {
      const settings = await saveDeviceSettings(db, c.req.valid('json'));
      await devices.settingsChanged();
      return c.json(ok({ settings, status: await devices.status() }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/table/light',
      tags: ['tables'],
      summary:
        'Hold a table’s light on or off, or let it follow play (`auto`); off under a running game needs `confirm` (admin)',
      ...access.admin,
      request: jsonBody(ZTableLightBody),
      responses: answers(one('table', ZTable)),
    }),
    async (c) => {
      const body = c.req.valid('json');
      await setLightMode(db, caller(c), body);
      return c.json(ok({ table: await getTable(db, body.table_id) }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/table/light/log',
      tags: ['tables'],
      summary: 'Who set which table’s light to what, and when, newest first (admin)',
      ...access.admin,
      request: { query: ZLightLogQuery },
      responses: answers(paginated(ZLightOverride)),
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { data, total, lastPage } = await readLightLog(db, query);
      return c.json(ok({ data, current_page: query.page, last_page: lastPage, per_page: PER_PAGE, total }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/door/access',
      tags: ['door'],
      summary: 'Whether the caller may open the door now, and whether it can be opened from the app at all',
      ...access.user,
      responses: answers(one('access', ZDoorAccess)),
    }),
    async (c) => {
      const grant = await doorGrant(db, caller(c), await getDeviceSettings(db));
      return c.json(ok({ access: { allowed: grant !== null, grant, available: await devices.door.available() } }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/door/open',
      tags: ['door'],
      summary:
        'Pulse the door relay: `opened` (it confirmed) or `unconfirmed` (it did not answer in time and may have opened); every attempt is logged',
      ...access.user,
      // an empty object: nothing to choose, and anything else is refused rather than ignored
      request: jsonBody(z.strictObject({})),
      responses: answers(one('door', ZDoorOpen)),
    }),
    async (c) => c.json(ok({ door: await devices.door.open(caller(c)) }), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/door/log',
      tags: ['door'],
      summary: 'Every attempt to open the door, by person, result and local dates, newest first (admin)',
      ...access.admin,
      request: { query: ZDoorLogQuery },
      responses: answers(paginated(ZDoorLogEntry)),
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { data, total, lastPage } = await readDoorLog(db, query);
      return c.json(ok({ data, current_page: query.page, last_page: lastPage, per_page: PER_PAGE, total }), 200);
    },
  );
}
