/**
 * The keyholder club's devices (DESIGN §14): which broker (the club's, the demo's simulated
 * one, or none), the lights that follow play, and the door.
 */
import type { TDevicesStatus } from '@club/shared/devices';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { type DemoBroker, startDemoBroker } from './demo-broker.ts';
import { configureDemoDevices } from './demo-devices.ts';
import { unstaffedNow } from './device-settings.ts';
import { createDoor, type Door } from './door.ts';
import { createDeviceHub, type DeviceHub } from './hub.ts';
import { type Lights, startLights } from './lights.ts';
import { connectDeviceLink, type DeviceLink } from './mqtt-link.ts';

export interface Devices {
  readonly door: Door;
  /** null until started, and when devices are off (no broker) */
  readonly hub: DeviceHub | null;
  readonly lights: Lights | null;
  /** connects to the broker (the demo's: after its club is seeded) */
  start(): Promise<void>;
  status(): Promise<TDevicesStatus>;
  /** the device settings changed */
  settingsChanged(): Promise<void>;
  close(): Promise<void>;
}

/** Simulated relays: the demo without a broker of its own, or on purpose with DEVICES_SIMULATOR=1. */
export function simulatesDevices(config: Config): boolean {
  if (config.MQTT_URL) return false;
  return Boolean(config.DEVICES_SIMULATOR) || (Boolean(config.DEMO) && config.NODE_ENV !== 'production');
}

export function createDevices(options: { db: Db; config: Config; logger: Logger }): Devices {
  const { db, config, logger } = options;
  let demo: DemoBroker | null = null;
  let link: DeviceLink | null = null;
  let hub: DeviceHub | null = null;
  let lights: Lights | null = null;
  let fleet: NodeJS.Timeout | null = null;
  const door = createDoor({
    db,
    hub: () => hub,
    logger,
    timeoutMs: config.DEVICE_TIMEOUT_MS,
    rateLimit: config.DOOR_RATE_LIMIT,
    rateWindowMs: config.DOOR_RATE_WINDOW_MS,
  });

  return {
    door,
    get hub() {
      return hub;
    },
    get lights() {
      return lights;
    },
    async start() {
      let url = config.MQTT_URL;
      if (simulatesDevices(config)) {
        if (config.DEMO) await configureDemoDevices(db);
        demo = await startDemoBroker(db, logger);
        await demo.sync();
        url = demo.url;
        // the demo gets a simulated relay for each light an admin adds
        fleet = setInterval(() => {
          demo?.sync().catch((err) => logger.warn({ err: String(err) }, 'simulated relays not synced'));
        }, 2_000);
        fleet.unref();
      }
      if (!url) {
        logger.info('devices: no MQTT_URL, table lights and the door relay are off');
        return;
      }
      link = connectDeviceLink({
        url,
        username: demo ? undefined : config.MQTT_USERNAME,
        password: demo ? undefined : config.MQTT_PASSWORD,
        logger,
      });
      hub = createDeviceHub(link);
      lights = startLights({ db, hub, logger, timeoutMs: config.DEVICE_TIMEOUT_MS, sweepMs: config.LIGHTS_SWEEP_MS });
      hub.onConnect(() => door.reconnected());
      await door.refresh();
    },
    async status() {
      return {
        broker: link?.state() ?? 'off',
        simulator: demo !== null,
        door: await door.state(),
        unstaffed_now: await unstaffedNow(db),
      };
    },
    async settingsChanged() {
      await door.refresh();
      await demo?.sync();
      await lights?.sweep();
    },
    async close() {
      if (fleet) clearInterval(fleet);
      lights?.stop();
      door.stop();
      await link?.close();
      await demo?.close();
    },
  };
}
