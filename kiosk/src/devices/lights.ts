/**
 * Lights follow play (DESIGN §14): on at the first join (or the minutes before a booking), off
 * the minutes after the table is free, held on or off by staff. What every screen shows is what
 * the device reported, never what was asked for.
 *
 * Fail-safe: nothing here ever turns a light off because the broker, the server or a device went
 * away. A relay no table names any more (its table deleted, or given another relay or none) is
 * switched off when it was left on over no game: nothing would ever decide it again. A command that
 * cannot go out (the broker or the device is away) is not kept: once both are back, the light's
 * state is decided again from the tables as they are then. After a (re)connection the first report
 * of each light is compared with what it should be, and only a free table's light is corrected,
 * besides a change decided while the device could not be told.
 */
import { clock } from '@club/shared/clock';
import type { TDeviceSettings, TDeviceState } from '@club/shared/devices';
import { parseKioskEvent } from '@club/shared/realtime';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { games, poolTables } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { onEvents } from '../outbox/committed-events.ts';
import { withEvents } from '../outbox/with-events.ts';
import { getDeviceSettings } from './device-settings.ts';
import type { DeviceHub } from './hub.ts';
import { type LightRow, readLightRows, shouldBeOn } from './light-rows.ts';
import { type Device, type Report, stateQuery, switchCommand } from './protocol.ts';
import { alertStaff } from './staff-alert.ts';

interface Light {
  tableId: number;
  name: string;
  device: Device;
  unwatch: () => void;
  /** the relay as last reported; null: not heard yet */
  power: boolean | null;
  /** its presence message; null: not heard */
  online: boolean | null;
  /** a command or a read is waiting for the device's answer */
  waiting: { want: boolean | null; timer: NodeJS.Timeout } | null;
  /** it did not answer in time: shown offline until it says something */
  silent: boolean;
  /** what it should be as last decided */
  intent: boolean;
  /** that decision could not be sent yet */
  owed: boolean;
  /** compare it with what it should be at its next report (after a (re)connection) */
  reconcile: boolean;
  /** what the table's row says it shows */
  persisted: TDeviceState;
  alerted: boolean;
  /** writes of its shown state, one after another */
  writing: Promise<void>;
}

export interface LightsOptions {
  db: Db;
  hub: DeviceHub;
  logger: Logger;
  /** how long a device may take to confirm a command or answer a read before it is shown offline */
  timeoutMs: number;
  /** how often the lights are checked against play: a game's off delay and a booking's lead end between checks */
  sweepMs: number;
}

export interface Lights {
  /** decides every light again now (the tests' clock moves) */
  sweep(): Promise<void>;
  /** the lights' last reported states, by table (for the bench and the devices screen) */
  states(): Map<number, TDeviceState>;
  stop(): void;
}

const shownOf = (light: Light): TDeviceState =>
  light.online === false || light.silent ? 'offline' : light.power === null ? 'unknown' : light.power ? 'on' : 'off';

export function startLights(options: LightsOptions): Lights {
  const { db, hub, logger } = options;
  const lights = new Map<number, Light>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const persist = (light: Light) => {
    const shown = shownOf(light);
    if (shown === light.persisted) return;
    light.persisted = shown;
    const offlineNow = shown === 'offline' && !light.alerted;
    if (shown !== 'offline') light.alerted = false;
    if (offlineNow) light.alerted = true;
    light.writing = light.writing
      .then(async () => {
        if (stopped) return;
        await withEvents(db, async (tx, emit) => {
          const changed = await tx
            .update(poolTables)
            .set({ lightState: shown })
            .where(and(eq(poolTables.id, light.tableId), sql`${poolTables.lightState} <> ${shown}`))
            .returning({ id: poolTables.id });
          if (changed.length) await emit({ type: 'table.updated', payload: { table_id: light.tableId } });
        });
        if (offlineNow) {
          logger.warn({ table: light.tableId, topic: light.device.topic }, 'table light does not answer');
          await alertStaff(db, 'notice.light_offline', { table: light.name });
        }
      })
      .catch((err: unknown) => logger.warn({ err: String(err), table: light.tableId }, 'light state not saved'));
  };

  const wait = (light: Light, want: boolean | null) => {
    if (light.waiting) {
      clearTimeout(light.waiting.timer);
      // a switch sent just as the connection died is lost (QoS 0) and was never confirmed: still owed
      if (light.waiting.want !== null) light.owed = true;
    }
    logger.debug({ table: light.tableId, want }, 'light: waiting for its answer');
    const timer = setTimeout(() => {
      logger.debug({ table: light.tableId, want }, 'light: no answer in time');
      light.waiting = null;
      light.silent = true;
      if (want !== null) light.owed = true;
      persist(light);
    }, options.timeoutMs);
    timer.unref();
    light.waiting = { want, timer };
  };

  /** sends the switch; false when it cannot go out now (it is then owed, never queued) */
  const command = (light: Light, on: boolean): boolean => {
    if (light.online === false || hub.link.state() !== 'connected') return false;
    // a contrary switch still unconfirmed leaves `power` stale: its late answer would undo this decision
    const contrary = light.waiting !== null && light.waiting.want !== null && light.waiting.want !== on;
    if (light.power === on && !light.silent && !contrary) return true;
    const { sent } = hub.send(light.device, (src, id) => switchCommand(light.device, on, src, id));
    if (sent) wait(light, on);
    return sent;
  };

  const query = (light: Light) => {
    const { sent } = hub.send(light.device, (src, id) => stateQuery(light.device, src, id));
    if (sent) wait(light, null);
  };

  const decide = (light: Light, row: LightRow, settings: TDeviceSettings, now: number) => {
    const on = shouldBeOn(row, settings, now);
    if (on !== light.intent || light.owed)
      logger.debug(
        {
          table: light.tableId,
          on,
          intent: light.intent,
          reconcile: light.reconcile,
          owed: light.owed,
          running: row.running,
        },
        'light: decide',
      );
    if (light.reconcile) {
      // waiting for its first report since we (or it) came back: decided then
      if (on !== light.intent) {
        light.intent = on;
        light.owed = true;
      }
      return;
    }
    if (on === light.intent && !light.owed) return;
    light.intent = on;
    light.owed = !command(light, on);
  };

  /** the first report after a (re)connection: correct a free table, or send what was decided meanwhile */
  const reconcile = async (light: Light) => {
    light.reconcile = false;
    const now = clock.nowMs();
    const [row] = (await readLightRows(db, clock.now())).filter((r) => r.id === light.tableId);
    if (!row || stopped) return;
    const on = shouldBeOn(row, await getDeviceSettings(db), now);
    const correct = light.owed || !row.running;
    light.intent = on;
    light.owed = correct && light.power !== on ? !command(light, on) : false;
  };

  const heard = (light: Light, report: Report) => {
    logger.debug({ table: light.tableId, report }, 'light: heard');
    if (report.type === 'presence') {
      light.online = report.online;
      if (report.online) {
        light.silent = false;
        light.reconcile = true;
        query(light);
      } else if (light.waiting) {
        clearTimeout(light.waiting.timer);
        light.waiting = null;
      }
      persist(light);
      return;
    }
    const on = report.on;
    if (on === undefined) return;
    light.power = on;
    light.online = true;
    light.silent = false;
    if (light.waiting && (light.waiting.want === null || light.waiting.want === on)) {
      clearTimeout(light.waiting.timer);
      light.waiting = null;
    }
    persist(light);
    if (light.reconcile)
      void reconcile(light).catch((err) => logger.warn({ err: String(err) }, 'light reconcile failed'));
  };

  /**
   * The lights the tables name now: new ones are watched and read, removed ones forgotten. A
   * removed one left on over no game (its table deleted, or given another relay or none) is
   * switched off: no table decides it any more, so nothing else ever would.
   */
  const refresh = (rows: LightRow[], settings: TDeviceSettings, now: number, playing: Set<number>) => {
    const seen = new Set<number>();
    const leftOn: Light[] = [];
    const release = (light: Light, inPlay: boolean) => {
      forget(light);
      // over a game the old relay may still light the players: never darkened from here
      if ((light.power === true || light.waiting?.want === true) && !inPlay) leftOn.push(light);
    };
    for (const row of rows) {
      seen.add(row.id);
      let light = lights.get(row.id);
      if (light && (light.device.kind !== row.device.kind || light.device.topic !== row.device.topic)) {
        release(light, row.running);
        light = undefined;
      }
      if (!light) {
        const fresh: Light = {
          tableId: row.id,
          name: row.name,
          device: row.device,
          unwatch: () => {},
          power: null,
          online: null,
          waiting: null,
          silent: false,
          intent: shouldBeOn(row, settings, now),
          owed: false,
          reconcile: true,
          persisted: row.shown,
          alerted: row.shown === 'offline',
          writing: Promise.resolve(),
        };
        fresh.unwatch = hub.watch(row.device, (report) => heard(fresh, report));
        lights.set(row.id, fresh);
        if (hub.link.state() === 'connected') query(fresh);
        light = fresh;
      }
      light.name = row.name;
      decide(light, row, settings, now);
    }
    for (const [id, light] of lights) if (!seen.has(id)) release(light, playing.has(id));
    for (const light of leftOn) switchOff(light);
  };

  /** fire and forget: the relay is no table's any more, so nobody waits for its answer */
  const switchOff = (light: Light) => {
    const { kind, topic } = light.device;
    // a relay another table names now is that table's to decide
    for (const other of lights.values()) if (other.device.kind === kind && other.device.topic === topic) return;
    const { sent } = hub.send(light.device, (src, id) => switchCommand(light.device, false, src, id));
    if (sent) logger.info({ table: light.tableId, topic }, 'light of a removed relay switched off');
    else logger.warn({ table: light.tableId, topic }, 'light of a removed relay left on: the broker is away');
  };

  /** which of `ids` have a game still running */
  const inPlay = async (ids: number[]): Promise<Set<number>> => {
    if (!ids.length) return new Set();
    const rows = await db
      .selectDistinct({ id: games.tableId })
      .from(games)
      .where(and(inArray(games.tableId, ids), ne(games.status, 'ended')));
    return new Set(rows.map((r) => r.id));
  };

  const forget = (light: Light) => {
    light.unwatch();
    if (light.waiting) clearTimeout(light.waiting.timer);
    lights.delete(light.tableId);
  };

  const sweepOnce = async () => {
    const now = clock.now();
    const [rows, settings] = await Promise.all([readLightRows(db, now), getDeviceSettings(db)]);
    const named = new Set(rows.map((r) => r.id));
    const playing = await inPlay([...lights.keys()].filter((id) => !named.has(id)));
    if (!stopped) refresh(rows, settings, now.getTime(), playing);
  };

  /** one sweep at a time; a call during one runs another after it */
  const sweep = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await sweepOnce();
        } while (again && !stopped);
      } catch (err) {
        logger.warn({ err: String(err) }, 'light sweep failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  hub.onConnect(() => {
    // what each light says now decides; nothing decided before is replayed blindly
    for (const light of lights.values()) {
      light.reconcile = true;
      query(light);
    }
    void sweep();
  });

  // a join, a leave, a table's light or mode changed: decide at once, not at the next sweep
  const stopEvents = onEvents((written) => {
    if (written.db !== db) return;
    const touches = written.events.some((e) => {
      const parsed = parseKioskEvent(e);
      return parsed?.type === 'game.updated' || parsed?.type === 'table.updated';
    });
    if (touches) void sweep();
  });
  const timer = setInterval(() => void sweep(), options.sweepMs);
  timer.unref();
  void sweep();

  return {
    sweep,
    states: () => new Map([...lights.values()].map((l) => [l.tableId, shownOf(l)])),
    stop() {
      stopped = true;
      clearInterval(timer);
      stopEvents();
      for (const light of [...lights.values()]) forget(light);
    },
  };
}
