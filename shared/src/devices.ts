/**
 * The keyholder club (DESIGN §14): table lights and the door relay over MQTT, the club's
 * device settings, the door's access log and unstaffed hours.
 */
import { ZPageQuery } from './api.ts';
import { ZDayHours } from './opening-hours.ts';
import { ROUTES } from './routes.ts';
import { zId, zInt } from './validation.ts';
import { z } from './zod.ts';

/** The firmware a relay runs: topics and payloads differ (reference/devices). */
export const DEVICE_KINDS = ['tasmota', 'shelly'] as const;
export type TDeviceKind = (typeof DEVICE_KINDS)[number];

/** `auto`: the light follows play; `on`/`off`: staff hold it so until they set `auto` again. */
export const LIGHT_MODES = ['auto', 'on', 'off'] as const;
export type TLightMode = (typeof LIGHT_MODES)[number];

/**
 * What the device last reported, never what was asked for: `unknown` before its first report,
 * `offline` when its Last Will says so or it did not confirm a command in time.
 */
export const DEVICE_STATES = ['on', 'off', 'unknown', 'offline'] as const;
export type TDeviceState = (typeof DEVICE_STATES)[number];

/**
 * An MQTT topic (Tasmota's `<topic>`, Shelly's `<topic_prefix>`): printable, no wildcards,
 * no empty level, no leading or trailing `/`, no `$` (the broker's own topics).
 */
export const zDeviceTopic = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^(?!\$)[A-Za-z0-9_.:-]+(\/[A-Za-z0-9_.:-]+)*$/, { message: 'validation.invalid' });

export const ZLightDevice = z.object({ kind: z.enum(DEVICE_KINDS), topic: zDeviceTopic() }).meta({ id: 'LightDevice' });
export type TLightDevice = z.infer<typeof ZLightDevice>;

/** A table's light as every screen shows it (null on the table: it has no light device). */
export const ZTableLight = z
  .object({ mode: z.enum(LIGHT_MODES), state: z.enum(DEVICE_STATES) })
  .meta({ id: 'TableLight' });
export type TTableLight = z.infer<typeof ZTableLight>;

/** `POST /v1/table/light` (staff): darkening a table with a running game needs `confirm: true`. */
export const ZTableLightBody = z
  .object({ table_id: zId(), mode: z.enum(LIGHT_MODES), confirm: z.boolean().default(false) })
  .meta({ id: 'TableLightBody' });
export type TTableLightBody = z.input<typeof ZTableLightBody>;

/** One staff override of a table's light: who, when, to what. */
export const ZLightOverride = z
  .object({
    id: z.number().int(),
    table_id: z.number().int(),
    mode: z.enum(LIGHT_MODES),
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    /** the table had a running game when it was set */
    during_game: z.boolean(),
    at: z.string(),
  })
  .meta({ id: 'LightOverride' });
export type TLightOverride = z.infer<typeof ZLightOverride>;
/** `GET /v1/table/light/log?table_id=&page=` (staff), newest first */
export const ZLightLogQuery = ZPageQuery.extend({ table_id: zId().optional() });

// --- the club's device settings ---------------------------------------------------------

export const ZDoorRelay = z
  .object({
    kind: z.enum(DEVICE_KINDS),
    topic: zDeviceTopic(),
    /** how long the strike stays open */
    pulse_seconds: zInt(z.number().int().min(1).max(60)).default(3),
  })
  .meta({ id: 'DoorRelay' });
export type TDoorRelay = z.infer<typeof ZDoorRelay>;

const noUnstaffedHours = (): z.infer<typeof ZDayHours>[] => [null, null, null, null, null, null, null];

/** `GET/POST /v1/settings/devices` (admin). */
export const ZDeviceSettings = z
  .object({
    /** null: the club has no door relay */
    door: ZDoorRelay.nullable().default(null),
    lights_on_before_booking_minutes: zInt(z.number().int().min(0).max(120)).default(5),
    lights_off_after_minutes: zInt(z.number().int().min(0).max(120)).default(2),
    /** members whose subscription grants door access may open it at any hour, not only when open */
    door_members_always: z.boolean().default(false),
    /**
     * When nobody works at the counter, Monday first (the same hours as opening hours; a close
     * at or before its open runs past midnight, `00:00–00:00` is the whole day; null: staffed).
     */
    unstaffed_hours: z.array(ZDayHours).length(7).default(noUnstaffedHours),
  })
  .meta({ id: 'DeviceSettings' });
export type TDeviceSettings = z.infer<typeof ZDeviceSettings>;
export type TDeviceSettingsInput = z.input<typeof ZDeviceSettings>;
export const DEFAULT_DEVICE_SETTINGS: TDeviceSettings = ZDeviceSettings.parse({});

/** `off`: no broker configured (devices are off); the others are the client's connection. */
export const BROKER_STATES = ['off', 'connecting', 'connected', 'disconnected'] as const;
export type TBrokerState = (typeof BROKER_STATES)[number];

/** What the devices screen shows beside the settings. */
export const ZDevicesStatus = z
  .object({
    broker: z.enum(BROKER_STATES),
    /** the devices are the built-in simulator, not real relays */
    simulator: z.boolean(),
    /** the door relay's presence as it last reported; null: no door relay */
    door: z.enum(DEVICE_STATES).nullable(),
    /** the club is in its unstaffed hours now */
    unstaffed_now: z.boolean(),
  })
  .meta({ id: 'DevicesStatus' });
export type TDevicesStatus = z.infer<typeof ZDevicesStatus>;

/** `GET /v1/settings/devices` answers `{ success, settings, status }`. */
export const ZDeviceSettingsView = z
  .object({ settings: ZDeviceSettings, status: ZDevicesStatus })
  .meta({ id: 'DeviceSettingsView' });
export type TDeviceSettingsView = z.infer<typeof ZDeviceSettingsView>;

// --- the door ------------------------------------------------------------------------

/** Why the door opens for someone (the first that applies). */
export const DOOR_GRANTS = ['staff', 'subscription', 'booking'] as const;
export type TDoorGrant = (typeof DOOR_GRANTS)[number];

/**
 * Every attempt's outcome. `unconfirmed`: the command went out but the relay did not confirm in
 * time; the door may well have opened, so it is never reported as a failure.
 */
export const DOOR_RESULTS = ['opened', 'unconfirmed', 'not_allowed', 'rate_limited', 'unavailable'] as const;
export type TDoorResult = (typeof DOOR_RESULTS)[number];

/** `GET /v1/door/access` (user): whether to show "Lås opp døren", and why. */
export const ZDoorAccess = z
  .object({
    allowed: z.boolean(),
    grant: z.enum(DOOR_GRANTS).nullable(),
    /** the club has a door relay and a broker: opening can work at all */
    available: z.boolean(),
  })
  .meta({ id: 'DoorAccess' });
export type TDoorAccess = z.infer<typeof ZDoorAccess>;

/**
 * `POST /v1/door/open` (user, body `{}`) answers `{ success, door: { result } }` when the pulse went out:
 * `opened` (the relay confirmed) or `unconfirmed` (it did not answer in time: "the door did not
 * confirm"). Refusals are errors: `error.door_not_allowed`, `error.rate_limited`,
 * `error.door_unavailable` (no relay or no broker: nothing was sent).
 */
export const ZDoorOpen = z
  .object({ result: z.enum(['opened', 'unconfirmed']), grant: z.enum(DOOR_GRANTS) })
  .meta({ id: 'DoorOpen' });
export type TDoorOpen = z.infer<typeof ZDoorOpen>;

export const ZDoorLogEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    result: z.enum(DOOR_RESULTS),
    grant: z.enum(DOOR_GRANTS).nullable(),
  })
  .meta({ id: 'DoorLogEntry' });
export type TDoorLogEntry = z.infer<typeof ZDoorLogEntry>;

/** `GET /v1/door/log` (admin), newest first, paginated; `from`/`to` are the club's local dates, both included. */
export const ZDoorLogQuery = ZPageQuery.extend({
  user_id: zId().optional(),
  result: z.enum(DOOR_RESULTS).optional(),
  from: z.iso.date({ message: 'validation.invalid' }).optional(),
  to: z.iso.date({ message: 'validation.invalid' }).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.invalid', path: ['to'] });
export type TDoorLogQuery = z.input<typeof ZDoorLogQuery>;
export type TDoorLogFilter = z.infer<typeof ZDoorLogQuery>;

// --- leaving in unstaffed hours ----------------------------------------------------------

/**
 * `POST /v1/game/leave` answers `{ success, order_id, closing }`: `closing` is true when this was
 * the last player in the club during unstaffed hours: the lights go off by themselves, and the
 * door must be closed behind them.
 */
export const ZLeaveAnswerExtra = z.object({ closing: z.boolean() });

/**
 * A device that stops answering (its Last Will, or no confirmation in time) raises a staff
 * alert the existing way: a notification to every admin role (`notification:new` in their
 * rooms), worded `notice.light_offline` / `notice.door_offline`, linking to the live floor;
 * a table's light also shows `state: 'offline'` with `table:updated`.
 */
export const DEVICE_ALERT_URL = ROUTES['admin.live'];
