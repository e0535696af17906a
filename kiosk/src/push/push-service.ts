import type { TPushMessage } from '@club/shared/push';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { type VapidKeys, vapidKeys } from './vapid-keys.ts';

/** how long a push service keeps trying a device that is off (seconds) */
const TTL_SECONDS = 15 * 60;
/** a push service that does not answer must not hold up the next message */
const TIMEOUT_MS = 10_000;

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
export function createPushService(options: { db: Db; config: Config; logger: Logger }): PushService {
  const { db, logger } = options;
  let keys: Promise<VapidKeys> | undefined;
  const keysOnce = () => {
    keys ??= vapidKeys(db, options.config).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  /** Answers the push service's status; it gets the message `web-push` encrypted and signed. */
  async function post(sub: typeof pushSubscriptions.$inferSelect, body: string, vapid: VapidKeys): Promise<number> {
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      body,
      { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high' },
    );
    // sent with fetch rather than the library's own https-only request: one HTTP client for the
    // kiosk, a hard timeout, and endpoints checked at subscription (https in production)
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    await res.body?.cancel();
    return res.status;
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
      const sent = await Promise.all(subs.map((sub) => sendTo(sub, body, vapid)));
      return sent.filter(Boolean).length;
    },
  };
}

/** Stores a device's subscription for a person (a device moving to another login moves with it). */
export async function subscribePush(
  db: Db,
  userId: number,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, lastError: null };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Forgets a device's subscription; only its owner's. */
export async function unsubscribePush(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.endpoint, [endpoint])));
}
