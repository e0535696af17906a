/**
 * What Tasmota and Shelly Gen2 relays say and are told over MQTT (reference/devices): the
 * topics to listen on, what a message reports, and the messages of a command. Pure: the link
 * and the controllers do the talking.
 */
import type { TDeviceKind } from '@club/shared/devices';

export interface Device {
  kind: TDeviceKind;
  /** Tasmota's `<topic>`, Shelly's `<topic_prefix>` */
  topic: string;
}

/** What one message said about a device: its relay, its presence, or an RPC answer. */
export type Report =
  | { type: 'power'; on: boolean }
  | { type: 'presence'; online: boolean }
  | { type: 'rpc'; id: number; ok: boolean; on?: boolean };

export interface Outgoing {
  topic: string;
  payload: string;
}

/** The topics a device reports on. */
export function topicsOf(device: Device): string[] {
  const t = device.topic;
  if (device.kind === 'tasmota') return [`stat/${t}/POWER`, `stat/${t}/RESULT`, `tele/${t}/LWT`, `tele/${t}/STATE`];
  return [`${t}/status/switch:0`, `${t}/online`, `${t}/events/rpc`];
}

/** Where Shelly devices answer our RPC calls: `<src>/rpc`. */
export const rpcReplyTopic = (src: string) => `${src}/rpc`;

function json(payload: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const powerWord = (value: unknown): boolean | null => (value === 'ON' ? true : value === 'OFF' ? false : null);

/** What a message on one of `topicsOf(device)` reports; null when it says nothing we use. */
export function readReport(device: Device, topic: string, payload: string): Report | null {
  const t = device.topic;
  if (device.kind === 'tasmota') {
    if (topic === `tele/${t}/LWT`) return { type: 'presence', online: payload === 'Online' };
    if (topic === `stat/${t}/POWER`) {
      const on = powerWord(payload.trim());
      return on === null ? null : { type: 'power', on };
    }
    if (topic === `stat/${t}/RESULT` || topic === `tele/${t}/STATE`) {
      const on = powerWord(json(payload)?.POWER);
      return on === null ? null : { type: 'power', on };
    }
    return null;
  }
  if (topic === `${t}/online`) return { type: 'presence', online: payload.trim() === 'true' };
  if (topic === `${t}/status/switch:0`) {
    const output = json(payload)?.output;
    return typeof output === 'boolean' ? { type: 'power', on: output } : null;
  }
  if (topic === `${t}/events/rpc`) {
    const message = json(payload);
    if (message?.method !== 'NotifyStatus') return null;
    const status = (message.params as Record<string, unknown> | undefined)?.['switch:0'];
    const output = (status as { output?: unknown } | undefined)?.output;
    return typeof output === 'boolean' ? { type: 'power', on: output } : null;
  }
  return null;
}

/** An answer on our `<src>/rpc` topic: which call it answers, and the relay's state when it says. */
export function readRpcReply(payload: string): Extract<Report, { type: 'rpc' }> | null {
  const message = json(payload);
  if (!message || typeof message.id !== 'number') return null;
  const result = message.result as { output?: unknown } | undefined;
  const on = typeof result?.output === 'boolean' ? result.output : undefined;
  return {
    type: 'rpc',
    id: message.id,
    ok: message.error === undefined && result !== undefined,
    ...(on === undefined ? {} : { on }),
  };
}

const rpc = (device: Device, src: string, id: number, method: string, params: Record<string, unknown>): Outgoing => ({
  topic: `${device.topic}/rpc`,
  payload: JSON.stringify({ id, src, method, params }),
});

/** Switch a relay on or off. `id` numbers a Shelly call (its answer comes back with it). */
export function switchCommand(device: Device, on: boolean, src: string, id: number): Outgoing[] {
  if (device.kind === 'tasmota') return [{ topic: `cmnd/${device.topic}/POWER`, payload: on ? 'ON' : 'OFF' }];
  // the status read after the switch confirms it where status notifications are off
  return [rpc(device, src, id, 'Switch.Set', { id: 0, on }), rpc(device, src, id + 1, 'Switch.GetStatus', { id: 0 })];
}

/** Ask a device for its relay's state (Tasmota: an empty POWER command). */
export function stateQuery(device: Device, src: string, id: number): Outgoing[] {
  if (device.kind === 'tasmota') return [{ topic: `cmnd/${device.topic}/POWER`, payload: '' }];
  return [rpc(device, src, id, 'Switch.GetStatus', { id: 0 })];
}

/**
 * Tasmota's PulseTime value for a pulse: 1–111 are tenths of a second, 112 and up are
 * seconds plus 100.
 */
export function pulseTimeValue(seconds: number): number {
  return seconds * 10 <= 111 ? Math.max(1, Math.round(seconds * 10)) : Math.round(seconds) + 100;
}

/** The seconds a PulseTime value stands for. */
export function pulseSeconds(value: number): number {
  return value <= 111 ? value / 10 : value - 100;
}

/** Open a door strike for `seconds`: the relay switches on and off again by itself. */
export function pulseCommand(device: Device, seconds: number, src: string, id: number): Outgoing[] {
  if (device.kind === 'tasmota') {
    return [
      { topic: `cmnd/${device.topic}/PulseTime`, payload: String(pulseTimeValue(seconds)) },
      { topic: `cmnd/${device.topic}/POWER`, payload: 'ON' },
    ];
  }
  return [rpc(device, src, id, 'Switch.Set', { id: 0, on: true, toggle_after: seconds })];
}
