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
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../http/context.ts';
import { defineRoute } from '../http/define-route.ts';
import { getTable } from '../tables/list-tables.ts';
import { readDoorLog, readLightLog } from './access-log.ts';
import { getDeviceSettings, saveDeviceSettings } from './device-settings.ts';
import type { Devices } from './devices.ts';
import { doorGrant } from './door.ts';
import { setLightMode } from './light-override.ts';

const ZDeviceSettingsAnswer = one('settings', ZDeviceSettings).extend({ status: ZDevicesStatus });

/** DESIGN §14: the club's devices, a table's light held by staff, and the door. */
export function deviceRoutes(app: OpenAPIHono<AppEnv>, { db }: Deps, devices: Devices): void {
  defineRoute(app, {
    method: 'get',
    path: '/v1/settings/devices',
    tags: ['settings'],
    summary: 'The door relay, the lights’ minutes, unstaffed hours, and how the broker and the door are (admin)',
    access: 'admin',
    answer: ZDeviceSettingsAnswer,
    handler: async () => ({ settings: await getDeviceSettings(db), status: await devices.status() }),
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/settings/devices',
    tags: ['settings'],
    summary: 'Change the door relay, the lights’ minutes and unstaffed hours (admin)',
    access: 'admin',
    body: ZDeviceSettings,
    answer: ZDeviceSettingsAnswer,
    handler: async ({ body }) => {
      const settings = await saveDeviceSettings(db, body);
      await devices.settingsChanged();
      return { settings, status: await devices.status() };
    },
  });

  defineRoute(app, {
    method: 'post',
    path: '/v1/table/light',
    tags: ['tables'],
    summary:
      'Hold a table’s light on or off, or let it follow play (`auto`); off under a running game needs `confirm` (admin)',
    access: 'admin',
    body: ZTableLightBody,
    answer: one('table', ZTable),
    handler: async ({ body, me }) => {
      await setLightMode(db, me, body);
      return { table: await getTable(db, body.table_id) };
    },
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/table/light/log',
    tags: ['tables'],
    summary: 'Who set which table’s light to what, and when, newest first (admin)',
    access: 'admin',
    query: ZLightLogQuery,
    answer: paginated(ZLightOverride),
    handler: async ({ query }) => {
      const { data, total, lastPage } = await readLightLog(db, query);
      return { data, current_page: query.page, last_page: lastPage, per_page: PER_PAGE, total };
    },
  });

  defineRoute(app, {
    method: 'get',
    path: '/v1/door/access',
    tags: ['door'],
    summary: 'Whether the caller may open the door now, and whether it can be opened from the app at all',
    access: 'user',
    answer: one('access', ZDoorAccess),
    handler: async ({ me }) => {
      const grant = await doorGrant(db, me, await getDeviceSettings(db));
      return { access: { allowed: grant !== null, grant, available: await devices.door.available() } };
    },
  });
  defineRoute(app, {
    method: 'post',
    path: '/v1/door/open',
    tags: ['door'],
    summary:
      'Pulse the door relay: `opened` (it confirmed) or `unconfirmed` (it did not answer in time and may have opened); every attempt is logged',
    access: 'user',
    // an empty object: nothing to choose, and anything else is refused rather than ignored
    body: z.strictObject({}),
    answer: one('door', ZDoorOpen),
    handler: async ({ me }) => ({ door: await devices.door.open(me) }),
  });
  defineRoute(app, {
    method: 'get',
    path: '/v1/door/log',
    tags: ['door'],
    summary: 'Every attempt to open the door, by person, result and local dates, newest first (admin)',
    access: 'admin',
    query: ZDoorLogQuery,
    answer: paginated(ZDoorLogEntry),
    handler: async ({ query }) => {
      const { data, total, lastPage } = await readDoorLog(db, query);
      return { data, current_page: query.page, last_page: lastPage, per_page: PER_PAGE, total };
    },
  });
}
