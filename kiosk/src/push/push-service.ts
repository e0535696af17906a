import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AppError } from '@club/shared/errors';
import type { TPushMessage } from '@club/shared/push';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { type EndpointPolicy, endpointPolicy, endpointRefusal, publicOnlyLookup } from './push-endpoints.ts';
import { type VapidKeys, vapidKeys } from './vapid-keys.ts';

/** how long a push service keeps trying a device that is off (seconds) */
const TTL_SECONDS = 15 * 60;
/** a push service that does not answer must not hold up the next message */
const TIMEOUT_MS = 10_000;
/** messages on their way at once, over every person: a burst waits its turn instead of opening sockets without end */
const MAX_SENDING = 8;
/** a person's devices: the newest ones, one per phone, tablet or browser they use */
const MAX_DEVICES = 5;

/** At most `limit` of the calls run at once; the others wait in order. */
function concurrencyCap(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export interface PushService {
  /** the public key the browser subscribes with */
  publicKey(): Promise<string>;
  /** Sends a message to every device of a person (best effort: a device that is gone is forgotten). Answers how many took it. */
  send(userId: number, message: TPushMessage): Promise<number>;
}

/**
 * Web Push through the `web-push` library: each message is encrypted for the device
 * (aes128gcm, RFC 8291) and signed with the club's VAPID key (RFC 8292).
 */
export function createPushService(options: {
  db: Db;
  config: Config;
  logger: Logger;
  /** TIMEOUT_MS and MAX_SENDING unless told (tests make them small) */
  timeoutMs?: number;
  maxSending?: number;
}): PushService {
  const { db, logger } = options;
  let keys: Promise<VapidKeys> | undefined;
  const keysOnce = () => {
    keys ??= vapidKeys(db, options.config).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  const policy = endpointPolicy(options.config);
  const lookup = publicOnlyLookup(policy.allowLocal);
  const capped = concurrencyCap(options.maxSending ?? MAX_SENDING);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  /** Answers the push service's status; it gets the message `web-push` encrypted and signed. */
  function post(sub: typeof pushSubscriptions.$inferSelect, body: string, vapid: VapidKeys): Promise<number> {
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      body,
      { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high' },
    );
    // sent with Node's own request rather than the library's or fetch: its `lookup` checks the
    // address the socket really connects to (never private), there is a hard timeout, and no
    // redirect is followed
    const url = new URL(details.endpoint);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<number>((resolve, reject) => {
      const req = send(url, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(details.body);
    });
  }

  async function sendTo(sub: typeof pushSubscriptions.$inferSelect, body: string, vapid: VapidKeys) {
    const status = await post(sub, body, vapid).catch((error: unknown) => String(error));
    if (typeof status === 'number' && status >= 200 && status < 300) return true;
    // 404 and 410: the browser dropped the subscription for good
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    } else {
      await db
        .update(pushSubscriptions)
        .set({ lastError: String(status).slice(0, 300) })
        .where(eq(pushSubscriptions.id, sub.id));
      logger.warn({ subscription: sub.id, status }, 'push message not accepted');
    }
    return false;
  }

  return {
    async publicKey() {
      return (await keysOnce()).publicKey;
    },
    async send(userId, message) {
      const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      if (!subs.length) return 0;
      const vapid = await keysOnce();
      const body = JSON.stringify(message);
      const sent = await Promise.all(subs.map((sub) => capped(() => sendTo(sub, body, vapid))));
      return sent.filter(Boolean).length;
    },
  };
}

/**
 * Stores a device's subscription for a person's login (a device moving to another login moves
 * with it). The endpoint must be on a known push service; a person keeps their newest
 * MAX_DEVICES devices.
 */
export async function subscribePush(
  db: Db,
  policy: EndpointPolicy,
  by: { userId: number; sessionId: number },
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  const refusal = endpointRefusal(sub.endpoint, policy);
  if (refusal) throw new AppError('error.validation_failed', { fields: { endpoint: refusal } });
  const values = {
    userId: by.userId,
    sessionId: by.sessionId,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    lastError: null,
  };
  await db.transaction(async (tx) => {
    // the newest last: a device subscribing again counts as new
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    await tx.insert(pushSubscriptions).values(values);
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, by.userId))
      .orderBy(desc(pushSubscriptions.id))
      .limit(MAX_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, by.userId), notInArray(pushSubscriptions.id, kept)));
  });
}

/** Forgets a device's subscription; only its owner's. */
export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.endpoint, [endpoint])));
}

/** Whether this device's endpoint is subscribed for the caller. */
export async function isSubscribed(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return row !== undefined;
}
