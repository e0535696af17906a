import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';

/** Whether this browser can take pushes at all (a service worker and the Push API). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/**
 * This device's subscription for the person logged in, or null. The browser keeps its
 * subscription after a logout or a password change, but the kiosk ended it then: only one the
 * kiosk still sends to counts.
 */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const sub = await (await registration()).pushManager.getSubscription();
  if (!sub) return null;
  const { subscribed } = await api.post('/v1/push/status', {
    body: { endpoint: sub.endpoint },
    schema: lazySchema(() => import('./answers.ts'), 'ZPushStatus'),
  });
  return subscribed ? sub : null;
}

/** Asks the person, subscribes with the club's key and tells the kiosk where to send. */
export async function subscribeDevice(): Promise<PushSubscription | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const { public_key } = await api.get('/v1/push/key', {
    schema: lazySchema(() => import('./answers.ts'), 'ZPushKey'),
  });
  const key = Uint8Array.from(atob(public_key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const sub = await (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api.post('/v1/push/subscribe', { body: sub.toJSON(), schema: lazySchema(() => import('./answers.ts'), 'ZOk') });
  return sub;
}

/** Stops pushes to this device: at the kiosk, then in the browser. */
export async function unsubscribeDevice(sub: PushSubscription): Promise<void> {
  await api.post('/v1/push/unsubscribe', {
    body: { endpoint: sub.endpoint },
    schema: lazySchema(() => import('./answers.ts'), 'ZOk'),
  });
  await sub.unsubscribe();
}
