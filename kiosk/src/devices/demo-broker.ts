/**
 * The demo's devices: an in-process broker (aedes) on this machine's loopback, with a simulated
 * relay for every light and the door the club has configured. Not for production: aedes is a
 * library broker, and the relays switch nothing.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { clock } from '@club/shared/clock';
import { Aedes } from 'aedes';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { getDeviceSettings } from './device-settings.ts';
import { readLightRows, shouldBeOn } from './light-rows.ts';
import type { Device } from './protocol.ts';
import { type SimulatedDevice, startSimulatedDevice } from './simulator.ts';

export interface DemoBroker {
  url: string;
  /** starts a simulated relay for every configured device that has none yet */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const keyOf = (d: Device) => `${d.kind}:${d.topic}`;

export async function startDemoBroker(db: Db, logger: Logger): Promise<DemoBroker> {
  const broker = await Aedes.createBroker();
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fleet = new Map<string, Promise<SimulatedDevice>>();
  let closed = false;

  const add = (device: Device, on: boolean) => {
    const key = keyOf(device);
    if (fleet.has(key) || closed) return;
    const started = startSimulatedDevice(device, { url, on });
    started.catch((err) => {
      fleet.delete(key);
      logger.warn({ err: String(err), topic: device.topic }, 'simulated relay did not start');
    });
    fleet.set(key, started);
  };

  logger.info({ url }, 'devices: simulated relays on an in-process broker');
  return {
    url,
    async sync() {
      const now = clock.now();
      const [rows, settings] = await Promise.all([readLightRows(db, now), getDeviceSettings(db)]);
      // as if the lights had followed play all along
      for (const row of rows) add(row.device, shouldBeOn(row, settings, now.getTime()));
      if (settings.door) add({ kind: settings.door.kind, topic: settings.door.topic }, false);
    },
    async close() {
      closed = true;
      const devices = await Promise.allSettled(fleet.values());
      await Promise.all(devices.map((d) => (d.status === 'fulfilled' ? d.value.close() : undefined)));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
