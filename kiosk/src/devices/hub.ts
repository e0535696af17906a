/**
 * Routes what devices say to whoever watches them, and numbers the RPC calls to Shelly
 * devices so that each answer finds its device. One per kiosk, over one broker connection.
 */
import type { DeviceLink } from './mqtt-link.ts';
import {
  type Device,
  type Outgoing,
  type Report,
  readReport,
  readRpcReply,
  rpcReplyTopic,
  topicsOf,
} from './protocol.ts';

type Handler = (report: Report) => void;

export interface DeviceHub {
  readonly link: DeviceLink;
  /** hears `device` from now on; answers the function that stops it */
  watch(device: Device, handler: Handler): () => void;
  /** sends what `build` makes (given our RPC source and a fresh call id); false: not connected, nothing sent */
  send(device: Device, build: (src: string, id: number) => Outgoing[]): { sent: boolean; id: number };
  onConnect(listener: () => void): void;
}

const keyOf = (device: Device) => `${device.kind}:${device.topic}`;

export function createDeviceHub(link: DeviceLink): DeviceHub {
  const watchers = new Map<string, { device: Device; handlers: Set<Handler> }>();
  const byTopic = new Map<string, string>();
  /** Shelly call id → the device it went to */
  const calls = new Map<number, string>();
  let nextId = 1;

  link.listen([rpcReplyTopic(link.clientId)]);
  link.onMessage((topic, payload) => {
    if (topic === rpcReplyTopic(link.clientId)) {
      const reply = readRpcReply(payload);
      const key = reply && calls.get(reply.id);
      if (!reply || !key) return;
      calls.delete(reply.id);
      for (const handler of watchers.get(key)?.handlers ?? []) handler(reply);
      return;
    }
    const key = byTopic.get(topic);
    const watched = key && watchers.get(key);
    if (!watched) return;
    const report = readReport(watched.device, topic, payload);
    if (report) for (const handler of watched.handlers) handler(report);
  });

  return {
    link,
    watch(device, handler) {
      const key = keyOf(device);
      let watched = watchers.get(key);
      if (!watched) {
        watched = { device, handlers: new Set() };
        watchers.set(key, watched);
        const topics = topicsOf(device);
        for (const t of topics) byTopic.set(t, key);
        link.listen(topics);
      }
      watched.handlers.add(handler);
      return () => {
        const w = watchers.get(key);
        if (!w) return;
        w.handlers.delete(handler);
        if (w.handlers.size) return;
        watchers.delete(key);
        const topics = topicsOf(device);
        for (const t of topics) byTopic.delete(t);
        link.forget(topics);
      };
    },
    send(device, build) {
      const id = nextId;
      // a switch is two calls (set, then read): both answers come back to this device
      nextId += 2;
      if (nextId > 1_000_000_000) nextId = 1;
      const key = keyOf(device);
      const sent = link.send(build(link.clientId, id));
      if (sent && device.kind === 'shelly') {
        calls.set(id, key);
        calls.set(id + 1, key);
        // answers that never come are forgotten after a while
        if (calls.size > 10_000) for (const old of [...calls.keys()].slice(0, 5_000)) calls.delete(old);
      }
      return { sent, id };
    },
    onConnect: (listener) => link.onConnect(listener),
  };
}
