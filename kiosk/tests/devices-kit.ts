/**
 * The device tests' club: a real Mosquitto, the real kiosk connected to it (short device
 * timeout and sweep, the test clock), and simulated Tasmota and Shelly relays on the same broker.
 */
import type { TDeviceKind, TDeviceSettingsInput } from '@club/shared/devices';
import type { TTable } from '@club/shared/tables';
import { expect } from 'vitest';
import { type SimulatedDevice, startSimulatedDevice } from '../src/devices/simulator.ts';
import { ADMIN, startTestKiosk, type TestKiosk } from './harness.ts';
import { type Mosquitto, startMosquitto } from './mosquitto.ts';

export const DEVICE_TIMEOUT_MS = 1_500;

export interface DeviceClub {
  broker: Mosquitto;
  k: TestKiosk;
  admin: string;
  devices: SimulatedDevice[];
  /** a table with a light on a simulated relay of `kind` (on or off to start with) */
  litTable(
    kind: TDeviceKind,
    on?: boolean,
    options?: { reconnectMs?: number },
  ): Promise<{ table: TTable; device: SimulatedDevice }>;
  /** a relay on the broker that no table names yet */
  relay(kind: TDeviceKind, topic: string, on?: boolean, options?: { reconnectMs?: number }): Promise<SimulatedDevice>;
  table(id: number): Promise<TTable>;
  settings(values: TDeviceSettingsInput): Promise<void>;
  close(): Promise<void>;
}

let topics = 0;

export async function startDeviceClub(env: Record<string, string> = {}): Promise<DeviceClub> {
  const broker = await startMosquitto();
  const k = await startTestKiosk({
    env: { MQTT_URL: broker.url, DEVICE_TIMEOUT_MS: String(DEVICE_TIMEOUT_MS), LIGHTS_SWEEP_MS: '100', ...env },
  });
  const admin = await k.login(ADMIN.email, ADMIN.password);
  const devices: SimulatedDevice[] = [];
  const relay = async (kind: TDeviceKind, topic: string, on = false, options: { reconnectMs?: number } = {}) => {
    const device = await startSimulatedDevice({ kind, topic }, { url: broker.url, on, ...options });
    devices.push(device);
    return device;
  };
  const table = async (id: number) => {
    const answer = await k.get(`/v1/table/${id}`, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.table as TTable;
  };
  return {
    broker,
    k,
    admin,
    devices,
    relay,
    table,
    async litTable(kind, on = false, options = {}) {
      topics++;
      const topic = kind === 'tasmota' ? `bord${process.pid}x${topics}` : `shellyplus1-${process.pid}x${topics}`;
      const device = await relay(kind, topic, on, options);
      const created = await k.post(
        '/v1/table/create',
        { name: `Bord ${topics}`, capacity: 4, price_per_minute: 200, x: 10, y: 10 },
        admin,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = (created.body.table as TTable).id;
      const updated = await k.post(
        '/v1/table/update',
        { id, name: `Bord ${topics}`, capacity: 4, price_per_minute: 200, light: { kind, topic } },
        admin,
      );
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      // the kiosk reads the new relay at once
      await waitFor(async () => (await table(id)).light?.state === (on ? 'on' : 'off'), 'the new relay read');
      return { table: await table(id), device };
    },
    async settings(values) {
      const answer = await k.post('/v1/settings/devices', values, admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
    async close() {
      await Promise.all(devices.map((d) => d.close()));
      await k.close();
      await broker.close();
    },
  };
}

/** Waits until `check` holds (real time: the broker and the relays are real). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
