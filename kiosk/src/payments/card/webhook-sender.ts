import { createHmac } from 'node:crypto';
import { clock } from '@club/shared/clock';

/** Stripe's `Stripe-Signature`: `t=<unix s>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint secret>`. */
export function stripeSignature(secret: string, body: string, timestamp = Math.floor(clock.nowMs() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface StripeDelivery {
  eventId: string;
  type: string;
  body: string;
  attempt: number;
  status: number | 'failed' | 'dropped';
  replayed?: boolean;
}

export interface WebhookFaults {
  /** events are not sent at all (recorded as dropped) */
  dropWebhooks: boolean;
  /** each event is sent twice */
  duplicateWebhooks: boolean;
  /** the first delivery of each event waits this many (real) milliseconds */
  webhookDelayMs: number;
}

/**
 * Sends events to one endpoint as Stripe does: signed per attempt, retried with growing
 * pauses while the endpoint answers anything but 2xx.
 */
export function createWebhookSender(options: {
  url: string;
  secret: string;
  deliver: typeof fetch;
  retryDelaysMs: readonly number[];
  faults: WebhookFaults;
}) {
  const deliveries: StripeDelivery[] = [];
  const pending = new Set<Promise<void>>();

  async function attempt(eventId: string, type: string, body: string, n: number, replayed = false) {
    let status: number | 'failed';
    try {
      const res = await options.deliver(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(options.secret, body),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
      });
      await res.body?.cancel();
      status = res.status;
    } catch {
      status = 'failed';
    }
    deliveries.push({ eventId, type, body, attempt: n, status, ...(replayed ? { replayed } : {}) });
    return status;
  }

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  const delivered = (status: number | 'failed') => typeof status === 'number' && status >= 200 && status < 300;

  async function retry(eventId: string, type: string, body: string) {
    for (const [n, pause] of options.retryDelaysMs.entries()) {
      await sleep(pause);
      if (delivered(await attempt(eventId, type, body, n + 2))) return;
    }
  }

  function track(work: Promise<void>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  }

  return {
    deliveries,
    /** Sends one event; resolves after its first attempt (retries go on in the background). */
    async send(event: { id: string; type: string }, body: string): Promise<void> {
      if (options.faults.dropWebhooks) {
        deliveries.push({ eventId: event.id, type: event.type, body, attempt: 1, status: 'dropped' });
        return;
      }
      const copies = options.faults.duplicateWebhooks ? 2 : 1;
      for (let i = 0; i < copies; i++) {
        if (options.faults.webhookDelayMs > 0) {
          void track(
            sleep(options.faults.webhookDelayMs).then(async () => {
              if (!delivered(await attempt(event.id, event.type, body, 1))) await retry(event.id, event.type, body);
            }),
          );
        } else if (!delivered(await attempt(event.id, event.type, body, 1))) {
          void track(retry(event.id, event.type, body));
        }
      }
    },
    /** Sends earlier events again (freshly signed, as a duplicate delivery from Stripe would be). */
    async replay(filter: (delivery: StripeDelivery) => boolean = () => true): Promise<number> {
      const seen = new Map<string, StripeDelivery>();
      for (const d of deliveries) if (!d.replayed && filter(d)) seen.set(d.eventId, d);
      for (const d of seen.values()) await attempt(d.eventId, d.type, d.body, d.attempt + 1, true);
      return seen.size;
    },
    /** Resolves when every delayed or retried delivery has ended. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
