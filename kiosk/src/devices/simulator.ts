/**
 * Relays that behave as the Tasmota and Shelly Gen2 firmware documents (reference/devices),
 * each on its own MQTT connection: the demo's devices and the tests'. Like the real ones they
 * keep their relay's state whatever the broker or the server does, announce themselves with a
 * retained presence message and leave a retained Last Will, answer commands with state reports,
 * and pulse (Tasmota `PulseTime`, Shelly `toggle_after`).
 */
import { createHash } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Device } from './protocol.ts';
import { pulseSeconds } from './protocol.ts';

export interface SimulatedDevice {
  readonly device: Device;
  /** the relay's state */
  readonly on: boolean;
  /** every command message it received, oldest first */
  readonly received: { topic: string; payload: string; at: number }[];
  /** the times its relay switched, with the state it took */
  readonly switches: { on: boolean; at: number }[];
  /** a press of the device's own button: switches and reports, as the firmware does */
  press(on: boolean): void;
  /** connected and answering; false: it stays connected but says nothing (a hung device) */
  answering: boolean;
  /**
   * It still obeys at once but its reports are late (a busy Wi-Fi): they go out, in order, when
   * the function answered is called.
   */
  hold(): () => void;
  /** the connection drops without a goodbye (power cut, Wi-Fi gone): the broker sends its Last Will */
  cut(): Promise<void>;
  /** back on the network, relay as it was */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export interface SimulatorOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** the relay's state at power-on (`PowerOnState 3` / `initial_state: restore_last` restore the last one) */
  on?: boolean;
  /** how soon it tries the broker again after losing it */
  reconnectMs?: number;
}

const deviceId = (device: Device) =>
  `${device.kind === 'tasmota' ? 'tasmota' : 'shellyplus1'}-${createHash('sha256').update(device.topic).digest('hex').slice(0, 12)}`;

/** The Last Will and the retained presence message, as each firmware words them. */
function presence(device: Device, online: boolean) {
  return device.kind === 'tasmota'
    ? { topic: `tele/${device.topic}/LWT`, payload: online ? 'Online' : 'Offline' }
    : { topic: `${device.topic}/online`, payload: online ? 'true' : 'false' };
}

export async function startSimulatedDevice(device: Device, options: SimulatorOptions): Promise<SimulatedDevice> {
  const id = deviceId(device);
  let on = options.on ?? false;
  let pulseTime = 0;
  let pulseTimer: NodeJS.Timeout | undefined;
  const received: SimulatedDevice['received'] = [];
  const switches: SimulatedDevice['switches'] = [];
  let client: MqttClient | null = null;
  let held: { topic: string; payload: string; retain: boolean }[] | null = null;

  const publish = (topic: string, payload: string, retain = false) => {
    if (!self.answering) return;
    if (held) held.push({ topic, payload, retain });
    else client?.publish(topic, payload, { qos: device.kind === 'shelly' ? 1 : 0, retain });
  };

  /** the firmware's reports of its relay after any change (or a read) */
  const report = () => {
    if (device.kind === 'tasmota') {
      publish(`stat/${device.topic}/RESULT`, JSON.stringify({ POWER: on ? 'ON' : 'OFF' }));
      publish(`stat/${device.topic}/POWER`, on ? 'ON' : 'OFF');
      return;
    }
    const status = { id: 0, source: 'MQTT', output: on, apower: 0, voltage: 230.1, current: 0 };
    publish(`${device.topic}/status/switch:0`, JSON.stringify(status));
    publish(
      `${device.topic}/events/rpc`,
      JSON.stringify({
        src: id,
        dst: `${device.topic}/events`,
        method: 'NotifyStatus',
        params: { ts: Date.now() / 1000, 'switch:0': { id: 0, output: on } },
      }),
    );
  };

  const set = (next: boolean, afterSeconds?: number) => {
    clearTimeout(pulseTimer);
    if (next !== on) switches.push({ on: next, at: Date.now() });
    on = next;
    report();
    // a pulse turns the relay back by itself (Tasmota: only when it was switched on)
    if (afterSeconds !== undefined && afterSeconds > 0) {
      pulseTimer = setTimeout(() => set(!next), afterSeconds * 1000);
      pulseTimer.unref();
    }
  };

  const onTasmota = (topic: string, payload: string) => {
    const command = topic.slice(`cmnd/${device.topic}/`.length).toUpperCase();
    if (command === 'POWER' || command === 'POWER1') {
      const word = payload.trim().toUpperCase();
      if (word === '') return report();
      const next =
        word === 'ON' || word === '1' ? true : word === 'OFF' || word === '0' ? false : word === 'TOGGLE' ? !on : null;
      if (next === null) return;
      set(next, next && pulseTime > 0 ? pulseSeconds(pulseTime) : undefined);
      return;
    }
    if (command === 'PULSETIME' || command === 'PULSETIME1') {
      const value = Number(payload.trim());
      if (payload.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 65535) pulseTime = value;
      publish(`stat/${device.topic}/RESULT`, JSON.stringify({ PulseTime1: { Set: pulseTime, Remaining: 0 } }));
    }
  };

  const onShelly = (payload: string) => {
    let call: { id?: unknown; src?: unknown; method?: unknown; params?: Record<string, unknown> };
    try {
      call = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof call.src !== 'string' || typeof call.method !== 'string') return;
    const answer = (body: Record<string, unknown>) =>
      publish(`${call.src}/rpc`, JSON.stringify({ id: call.id, src: id, dst: call.src, ...body }));
    const params = call.params ?? {};
    if (call.method === 'Switch.Set' && typeof params.on === 'boolean') {
      const wasOn = on;
      const after = typeof params.toggle_after === 'number' ? params.toggle_after : undefined;
      answer({ result: { was_on: wasOn } });
      set(params.on, after);
      return;
    }
    if (call.method === 'Switch.Toggle') {
      answer({ result: { was_on: on } });
      set(!on);
      return;
    }
    if (call.method === 'Switch.GetStatus') {
      answer({ result: { id: 0, source: 'MQTT', output: on, apower: 0, voltage: 230.1, current: 0 } });
      return;
    }
    answer({ error: { code: -114, message: `Method ${call.method} failed: not found` } });
  };

  const connect = async () => {
    const will = presence(device, false);
    const next = await mqtt.connectAsync(options.url, {
      clientId: id,
      clean: true,
      reconnectPeriod: options.reconnectMs ?? 1000,
      connectTimeout: 5000,
      keepalive: 10,
      will: { topic: will.topic, payload: Buffer.from(will.payload), qos: 1, retain: true },
      ...(options.username ? { username: options.username, password: options.password } : {}),
    });
    next.on('message', (topic, buffer) => {
      if (!self.answering) return;
      const payload = buffer.toString();
      received.push({ topic, payload, at: Date.now() });
      if (device.kind === 'tasmota') onTasmota(topic, payload);
      else onShelly(payload);
    });
    // every (re)connection announces the device, as the firmware does at boot and after a drop
    next.on('connect', () => {
      const online = presence(device, true);
      next.publish(online.topic, online.payload, { qos: 1, retain: true });
      report();
    });
    await next.subscribeAsync(device.kind === 'tasmota' ? `cmnd/${device.topic}/#` : `${device.topic}/rpc`, { qos: 1 });
    const online = presence(device, true);
    await next.publishAsync(online.topic, online.payload, { qos: 1, retain: true });
    client = next;
    report();
  };

  const self: SimulatedDevice = {
    device,
    get on() {
      return on;
    },
    received,
    switches,
    answering: true,
    press(next) {
      set(next);
    },
    hold() {
      held ??= [];
      return () => {
        const late = held ?? [];
        held = null;
        for (const m of late) publish(m.topic, m.payload, m.retain);
      };
    },
    async cut() {
      const gone = client;
      client = null;
      await gone?.endAsync(true);
    },
    async restore() {
      if (!client) await connect();
    },
    async close() {
      clearTimeout(pulseTimer);
      await self.cut();
    },
  };
  await connect();
  return self;
}
