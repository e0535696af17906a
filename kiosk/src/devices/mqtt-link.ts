/**
 * The kiosk's one connection to the club's MQTT broker (DESIGN §14).
 *
 * Commands are never queued: a clean session (nothing kept for us by the broker while we are
 * away), QoS 0 publishes that are refused rather than held while disconnected
 * (`queueQoSZero: false`), never retained. A command that could not go out is simply not sent;
 * the controllers decide afresh what each device should be once the link is back, so an OFF
 * meant for a table that was free an hour ago can never reach it now that players are there.
 * The kiosk leaves no Last Will either: its going away changes no device.
 */
import { randomBytes } from 'node:crypto';
import type { TBrokerState } from '@club/shared/devices';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from '../logger.ts';
import type { Outgoing } from './protocol.ts';

export interface DeviceLink {
  readonly clientId: string;
  state(): TBrokerState;
  /** sends now, or answers false when the broker is not connected (nothing is kept to send later) */
  send(messages: Outgoing[]): boolean;
  /** listens on these topics from now on, across reconnects */
  listen(topics: string[]): void;
  forget(topics: string[]): void;
  onMessage(listener: (topic: string, payload: string) => void): void;
  /** after every connection and reconnection, once the subscriptions are back */
  onConnect(listener: () => void): void;
  /** how long the last reconnection took (ms), and how many there were */
  reconnects(): { count: number; lastMs: number | null };
  close(): Promise<void>;
}

export interface LinkOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  logger: Logger;
  /** how often the connection is checked; a dead one is noticed within one and a half of it */
  keepaliveSeconds?: number;
  reconnectMs?: number;
}

export function connectDeviceLink(options: LinkOptions): DeviceLink {
  const clientId = `club-kiosk-${randomBytes(6).toString('hex')}`;
  const topics = new Set<string>();
  const messageListeners: ((topic: string, payload: string) => void)[] = [];
  const connectListeners: (() => void)[] = [];
  let state: TBrokerState = 'connecting';
  let lostAt: number | null = null;
  let reconnects = 0;
  let lastMs: number | null = null;

  const client: MqttClient = mqtt.connect(options.url, {
    clientId,
    clean: true,
    queueQoSZero: false,
    resubscribe: false,
    keepalive: options.keepaliveSeconds ?? 10,
    reconnectPeriod: options.reconnectMs ?? 1000,
    connectTimeout: 5000,
    ...(options.username ? { username: options.username, password: options.password } : {}),
  });

  client.on('connect', () => {
    const wasLost = lostAt;
    state = 'connected';
    // subscribed again by hand, so that the listeners run once the retained messages are on their way
    const again = [...topics];
    const done = () => {
      if (wasLost !== null) {
        reconnects++;
        lastMs = Date.now() - wasLost;
        options.logger.info({ ms: lastMs }, 'MQTT broker reconnected');
      } else options.logger.info('MQTT broker connected');
      lostAt = null;
      for (const listener of connectListeners) listener();
    };
    if (!again.length) return done();
    client.subscribe(again, { qos: 1 }, (err) => {
      if (err) options.logger.warn({ err: String(err) }, 'MQTT subscribe failed');
      done();
    });
  });
  const lost = () => {
    if (state === 'connected') {
      lostAt = Date.now();
      options.logger.warn('MQTT broker connection lost; devices keep their state');
    }
    if (state !== 'off') state = 'disconnected';
  };
  client.on('close', lost);
  client.on('offline', lost);
  client.on('error', (err) => options.logger.warn({ err: err.message }, 'MQTT error'));
  client.on('message', (topic, payload) => {
    const text = payload.toString();
    for (const listener of messageListeners) listener(topic, text);
  });

  return {
    clientId,
    state: () => state,
    send(messages) {
      if (state !== 'connected' || !client.connected) return false;
      for (const m of messages) client.publish(m.topic, m.payload, { qos: 0, retain: false });
      return true;
    },
    listen(list) {
      const added = list.filter((t) => !topics.has(t));
      for (const t of added) topics.add(t);
      if (added.length && client.connected) client.subscribe(added, { qos: 1 });
    },
    forget(list) {
      const gone = list.filter((t) => topics.delete(t));
      if (gone.length && client.connected) client.unsubscribe(gone);
    },
    onMessage: (listener) => void messageListeners.push(listener),
    onConnect: (listener) => void connectListeners.push(listener),
    reconnects: () => ({ count: reconnects, lastMs }),
    async close() {
      state = 'off';
      await client.endAsync(true);
    },
  };
}
