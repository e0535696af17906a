/**
 * Web Push (DESIGN §13): a device's subscription as the browser's `PushSubscription.toJSON()`
 * gives it, and the message the service worker shows.
 */
import { z } from './zod.ts';

const base64url = (max: number) =>
  z
    .string()
    .min(8)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, { message: 'validation.invalid' });

export const ZPushSubscribeBody = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(1000),
    keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
  })
  .meta({ id: 'PushSubscribeBody' });
export type TPushSubscribeBody = z.input<typeof ZPushSubscribeBody>;

export const ZPushUnsubscribeBody = z
  .object({ endpoint: z.url({ protocol: /^https?$/ }).max(1000) })
  .meta({ id: 'PushUnsubscribeBody' });

/** `POST /v1/push/status`: whether this device gets the caller's notifications (a logout ends them). */
export const ZPushStatus = z
  .object({ success: z.literal(true), server_time: z.string().optional(), subscribed: z.boolean() })
  .meta({ id: 'PushStatus' });

/** `GET /v1/push/key`: the VAPID public key the browser subscribes with. */
export const ZPushKey = z
  .object({ success: z.literal(true), server_time: z.string().optional(), public_key: z.string() })
  .meta({ id: 'PushKey' });

/** What a push carries to the service worker, which shows it and opens `url` on a tap. */
export const ZPushMessage = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** one message per tag on the device: a newer one replaces it */
  tag: z.string(),
});
export type TPushMessage = z.infer<typeof ZPushMessage>;
