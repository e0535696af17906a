/**
 * The door (DESIGN §14): who may open it, the pulse to its relay, and the access log that
 * records every attempt, allowed or not. A pulse the relay does not confirm in time is
 * `unconfirmed`, never a failure: the door may well have opened.
 */
import { clock } from '@club/shared/clock';
import type { TDeviceSettings, TDeviceState, TDoorGrant, TDoorResult } from '@club/shared/devices';
import { AppError } from '@club/shared/errors';
import { isOpenAt } from '@club/shared/opening-times';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { doorAccessLog, reservations, subscriptionProducts, userSubscriptions } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import type { AuthInfo } from '../http/context.ts';
import type { Logger } from '../logger.ts';
import { openingHours } from '../settings/club-settings.ts';
import { getDeviceSettings } from './device-settings.ts';
import type { DeviceHub } from './hub.ts';
import { type Device, pulseCommand, type Report, stateQuery } from './protocol.ts';
import { alertStaff } from './staff-alert.ts';

/** a booking's holder may open from this long before its start */
export const BOOKING_LEAD_MS = 15 * 60_000;

/** Why `user` may open the door now, or null when they may not. */
export async function doorGrant(db: Db, by: AuthInfo, settings: TDeviceSettings): Promise<TDoorGrant | null> {
  if (by.isAdmin) return 'staff';
  const now = clock.now();
  const [member] = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .innerJoin(subscriptionProducts, eq(subscriptionProducts.id, userSubscriptions.subscriptionId))
    .where(
      and(
        eq(userSubscriptions.userId, by.userId),
        eq(userSubscriptions.status, 'active'),
        eq(subscriptionProducts.doorAccess, true),
      ),
    )
    .limit(1);
  if (member) {
    if (settings.door_members_always) return 'subscription';
    if (isOpenAt(await openingHours.get(db), now.getTime(), clubTimeZone())) return 'subscription';
  }
  const [booking] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, by.userId),
        inArray(reservations.status, ['booked', 'claimed']),
        lte(reservations.startsAt, new Date(now.getTime() + BOOKING_LEAD_MS)),
        gt(reservations.endsAt, now),
      ),
    )
    .limit(1);
  return booking ? 'booking' : null;
}

export interface DoorOptions {
  db: Db;
  /** null: no broker (devices are off) */
  hub: () => DeviceHub | null;
  logger: Logger;
  timeoutMs: number;
  /** attempts a person may make per window */
  rateLimit: number;
  rateWindowMs: number;
}

export interface Door {
  open(by: AuthInfo): Promise<{ result: 'opened' | 'unconfirmed'; grant: TDoorGrant }>;
  /** whether opening can work at all now: a relay configured, the broker connected, the relay answering */
  available(): Promise<boolean>;
  /** the relay's presence as last heard; null: no door relay */
  state(): Promise<TDeviceState | null>;
  /** watches the configured relay (after the settings change) */
  refresh(): Promise<void>;
  /** the broker connection is back: read the relay again */
  reconnected(): void;
  stop(): void;
}

export function createDoor(options: DoorOptions): Door {
  const { db, logger } = options;
  const attempts = new Map<number, number[]>();
  let watched: { device: Device; unwatch: () => void } | null = null;
  let online: boolean | null = null;
  let power: boolean | null = null;
  let silent = false;
  let alerted = false;
  /** a read of the relay waits for its answer */
  let reading: NodeJS.Timeout | null = null;
  const waiting = new Set<(report: Report) => void>();

  const log = (userId: number, result: TDoorResult, grant: TDoorGrant | null) =>
    db.insert(doorAccessLog).values({ at: clock.now(), userId, result, grant });

  const alertOnce = () => {
    if (alerted) return;
    alerted = true;
    logger.warn({ topic: watched?.device.topic }, 'door relay does not answer');
    void alertStaff(db, 'notice.door_offline').catch((err) => logger.warn({ err: String(err) }, 'door alert failed'));
  };

  const stopReading = () => {
    if (reading) clearTimeout(reading);
    reading = null;
  };

  /**
   * Reads the relay. One that is gone leaves no Last Will when the broker went down with it, and a
   * broker restarted with its retained messages may still say `Online`: only an answer in time
   * shows it answering.
   */
  const read = (hub: DeviceHub, device: Device) => {
    stopReading();
    const { sent } = hub.send(device, (src, id) => stateQuery(device, src, id));
    if (!sent) return;
    reading = setTimeout(() => {
      reading = null;
      silent = true;
      alertOnce();
    }, options.timeoutMs);
    reading.unref();
  };

  /** a relay shown silent is read again when someone asks, so that it is offered once it answers */
  const readIfSilent = () => {
    const hub = options.hub();
    if (silent && !reading && watched && hub?.link.state() === 'connected') read(hub, watched.device);
  };

  const heard = (report: Report) => {
    if (report.type === 'presence') {
      // a presence message may be a stale retained one: it does not answer a read
      if (!report.online) stopReading();
      online = report.online;
      if (report.online) {
        silent = false;
        alerted = false;
      } else alertOnce();
    } else {
      stopReading();
      if (report.on !== undefined) power = report.on;
      online = true;
      silent = false;
      alerted = false;
    }
    for (const listener of waiting) listener(report);
  };

  const refresh = async () => {
    const door = (await getDeviceSettings(db)).door;
    const same = door && watched && watched.device.kind === door.kind && watched.device.topic === door.topic;
    if (same) return;
    watched?.unwatch();
    watched = null;
    stopReading();
    online = null;
    power = null;
    silent = false;
    const hub = options.hub();
    if (!door || !hub) return;
    const device: Device = { kind: door.kind, topic: door.topic };
    watched = { device, unwatch: hub.watch(device, heard) };
    read(hub, device);
  };

  /** counts this attempt; false when the person has made too many in the window */
  const withinRate = (userId: number): boolean => {
    const now = Date.now();
    const recent = (attempts.get(userId) ?? []).filter((t) => now - t < options.rateWindowMs);
    recent.push(now);
    attempts.set(userId, recent);
    if (attempts.size > 10_000) attempts.clear();
    return recent.length <= options.rateLimit;
  };

  const pulse = async (
    hub: DeviceHub,
    device: Device,
    seconds: number,
  ): Promise<'opened' | 'unconfirmed' | 'unavailable'> => {
    let callId = -1;
    const confirmed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), options.timeoutMs);
      const listener = (report: Report) => {
        if (device.kind === 'tasmota' && report.type === 'power' && report.on) done(true);
        if (device.kind === 'shelly' && report.type === 'rpc' && report.id === callId && report.ok) done(true);
      };
      const done = (ok: boolean) => {
        clearTimeout(timer);
        waiting.delete(listener);
        resolve(ok);
      };
      waiting.add(listener);
      const { sent, id } = hub.send(device, (src, id) => pulseCommand(device, seconds, src, id));
      callId = id;
      if (!sent) {
        done(false);
        callId = -2;
      }
    });
    const ok = await confirmed;
    if (callId === -2) return 'unavailable';
    if (!ok) {
      silent = true;
      alertOnce();
    }
    return ok ? 'opened' : 'unconfirmed';
  };

  return {
    async open(by) {
      // the limit guards the relay against players' phones; staff are not counted
      if (!by.isAdmin && !withinRate(by.userId)) {
        await log(by.userId, 'rate_limited', null);
        throw new AppError('error.rate_limited');
      }
      const settings = await getDeviceSettings(db);
      const grant = await doorGrant(db, by, settings);
      if (!grant) {
        await log(by.userId, 'not_allowed', null);
        throw new AppError('error.door_not_allowed');
      }
      await refresh();
      const hub = options.hub();
      if (!settings.door || !hub || hub.link.state() !== 'connected' || online === false) {
        await log(by.userId, 'unavailable', grant);
        throw new AppError('error.door_unavailable');
      }
      const result = await pulse(
        hub,
        { kind: settings.door.kind, topic: settings.door.topic },
        settings.door.pulse_seconds,
      );
      await log(by.userId, result, grant);
      if (result === 'unavailable') throw new AppError('error.door_unavailable');
      logger.info({ user: by.userId, grant, result }, 'door opened from the app');
      return { result, grant };
    },
    async available() {
      const door = (await getDeviceSettings(db)).door;
      const hub = options.hub();
      readIfSilent();
      return Boolean(door && hub && hub.link.state() === 'connected' && online !== false && !silent);
    },
    async state() {
      await refresh();
      if (!watched) return null;
      readIfSilent();
      return online === false || silent ? 'offline' : power === null ? 'unknown' : power ? 'on' : 'off';
    },
    refresh,
    reconnected() {
      const hub = options.hub();
      if (hub && watched) read(hub, watched.device);
    },
    stop() {
      watched?.unwatch();
      watched = null;
      stopReading();
    },
  };
}
