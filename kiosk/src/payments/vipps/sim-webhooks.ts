import { randomBytes, randomUUID } from 'node:crypto';
import { clock } from '@club/shared/clock';
import { type WebhookEventName, webhookEventType } from './client.ts';
import { authorizationFor, contentHash } from './signature.ts';

/**
 * The simulator's Webhooks API: registrations (`{url, events}` → `{id, secret}`) and their
 * deliveries, one HTTP POST per event to every URL registered for it, signed with that
 * registration's secret as Vipps signs. A delivery that fails (no 2xx answer, or none within
 * 10 s) is retried with a growing delay for up to 7 days, and the later events of the same
 * payment for the same URL wait until it went through: Vipps delivers them in order.
 */

export interface WebhookRegistration {
  id: string;
  url: string;
  events: string[];
  secret: string;
}

export interface Delivery {
  url: string;
  status: number | 'failed';
  body: string;
  headers: Record<string, string>;
  /** 1 for the first try, then one more for each retry */
  attempt: number;
  replayed?: boolean;
}

/** How failed deliveries are tried again: the delay doubles from `firstDelayMs` up to `maxDelayMs`. */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** after this long (by the clock) since the first try, a delivery is given up */
  giveUpAfterMs: number;
}

export const VIPPS_RETRY: RetryPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 7 * 24 * 3_600_000,
};
/** Vipps counts a webhook without an answer within 10 s as failed */
const ANSWER_WITHIN_MS = 10_000;

export interface WebhookFaults {
  /** webhooks are lost on the way and never retried (recorded as failed): only polling can settle */
  dropWebhooks: boolean;
  /** each webhook is delivered twice */
  duplicateWebhooks: boolean;
}

interface Job {
  hook: WebhookRegistration;
  body: string;
  firstTriedAt: number;
  attempt: number;
  /** settles once the job was tried, or once it waits behind a failed delivery */
  tried: () => void;
}

/** One URL's deliveries of one payment: in order, the next only after the one before went through. */
interface Line {
  jobs: Job[];
  retrying: boolean;
  timer: NodeJS.Timeout | undefined;
}

export function createSimWebhooks(options: {
  deliver: typeof fetch;
  faults: WebhookFaults;
  retry?: RetryPolicy | undefined;
}) {
  const { faults } = options;
  const retry = options.retry ?? VIPPS_RETRY;
  const registrations: WebhookRegistration[] = [];
  const deliveries: Delivery[] = [];
  const lines = new Map<string, Line>();
  let closed = false;

  function register(url: string, events: string[]): WebhookRegistration {
    const hook = { id: randomUUID(), url, events, secret: randomBytes(32).toString('base64') };
    registrations.push(hook);
    return hook;
  }

  function unregister(id: string): boolean {
    const index = registrations.findIndex((r) => r.id === id);
    if (index < 0) return false;
    registrations.splice(index, 1);
    return true;
  }

  /**
   * Sends one event of one payment to every URL registered for it. Settles when each was
   * tried once (or waits behind an earlier failed one), not when retries are done.
   */
  async function publish(reference: string, name: WebhookEventName, payload: object): Promise<void> {
    const type = webhookEventType(name);
    const body = JSON.stringify(payload);
    await Promise.all(
      registrations
        .filter((hook) => hook.events.includes(type))
        .map(async (hook) => {
          if (faults.dropWebhooks) {
            deliveries.push({ url: hook.url, status: 'failed', body, headers: sign(hook, body), attempt: 1 });
            return;
          }
          const copies = faults.duplicateWebhooks ? 2 : 1;
          for (let i = 0; i < copies; i++) await enqueue(`${hook.id} ${reference}`, hook, body);
        }),
    );
  }

  function enqueue(key: string, hook: WebhookRegistration, body: string): Promise<void> {
    const line = lines.get(key) ?? { jobs: [], retrying: false, timer: undefined };
    lines.set(key, line);
    return new Promise<void>((tried) => {
      line.jobs.push({ hook, body, firstTriedAt: clock.nowMs(), attempt: 0, tried });
      if (line.retrying) tried();
      else if (line.jobs.length === 1) void run(key, line);
    });
  }

  /** Delivers the line's jobs in order until it is empty or one fails (then it waits and tries again). */
  async function run(key: string, line: Line): Promise<void> {
    line.retrying = false;
    for (let job = line.jobs[0]; job && !closed; job = line.jobs[0]) {
      job.attempt++;
      if (job.attempt === 1) job.firstTriedAt = clock.nowMs();
      const ok = await attempt(job);
      job.tried();
      if (ok || clock.nowMs() - job.firstTriedAt >= retry.giveUpAfterMs) {
        line.jobs.shift();
        continue;
      }
      line.retrying = true;
      for (const waiting of line.jobs) waiting.tried();
      const delay = Math.min(retry.firstDelayMs * 2 ** (job.attempt - 1), retry.maxDelayMs);
      line.timer = setTimeout(() => void run(key, line), delay);
      line.timer.unref();
      return;
    }
    lines.delete(key);
  }

  async function attempt(job: Job): Promise<boolean> {
    const headers = sign(job.hook, job.body);
    const status = await send(job.hook.url, headers, job.body);
    deliveries.push({ url: job.hook.url, status, body: job.body, headers, attempt: job.attempt });
    return typeof status === 'number' && status >= 200 && status < 300;
  }

  /** The headers Vipps sends: the date, the body's hash, and the HMAC over both with the URL's path and host. */
  function sign(hook: WebhookRegistration, body: string): Record<string, string> {
    const date = new Date(clock.nowMs()).toUTCString();
    return {
      'content-type': 'application/json',
      'x-ms-date': date,
      'x-ms-content-sha256': contentHash(body),
      authorization: authorizationFor({ secret: hook.secret, url: hook.url, date, rawBody: body }),
    };
  }

  async function send(url: string, headers: Record<string, string>, body: string): Promise<number | 'failed'> {
    try {
      const res = await options.deliver(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      await res.body?.cancel();
      return res.status;
    } catch {
      return 'failed';
    }
  }

  /** Sends earlier deliveries again exactly as they were (same date and signature), as a late or replayed copy. */
  async function replay(filter: (delivery: Delivery) => boolean = () => true): Promise<number> {
    const again = deliveries.filter((d) => !d.replayed && filter(d));
    for (const d of again) deliveries.push({ ...d, status: await send(d.url, d.headers, d.body), replayed: true });
    return again.length;
  }

  return {
    registrations,
    deliveries,
    register,
    unregister,
    publish,
    replay,
    /** stops the retries still waiting */
    close() {
      closed = true;
      for (const line of lines.values()) clearTimeout(line.timer);
      lines.clear();
    },
  };
}

export type SimWebhooks = ReturnType<typeof createSimWebhooks>;
