import { clock } from '@club/shared/clock';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Logger } from '../logger.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues a mail in the caller's transaction: it goes out only if that commits. */
  enqueue(tx: Executor, mail: Mail): Promise<void>;
  /** Sends what is due now; the worker calls it, tests may too. */
  flush(): Promise<number>;
  /** Asks the worker to look at the queue soon (after a commit). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

const loadNodemailer = () => import('nodemailer').then((module) => module.default);

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Mail goes through a table: registration commits the account and its mail together, and
 * a worker delivers. A failed send is retried with backoff and logged; nothing is lost.
 * Without `SMTP_URL` the mail is printed to the console instead in the demo, and only its
 * recipient and subject are logged otherwise.
 */
export function createMailer(options: {
  db: Db;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  intervalMs?: number;
  /** print unsent mail, links included, readably on the console (the demo only) */
  printToConsole?: boolean;
}): Mailer {
  const { db, logger, from } = options;
  // A server that accepts and then says nothing must not hold the worker for nodemailer's
  // defaults (minutes): give up well inside the lease, so no other process sends it meanwhile.
  // The URL's own query (`?greetingTimeout=…`) still wins.
  // nodemailer takes a third of a second to load: only a kiosk with SMTP loads it, at start
  const transport = options.smtpUrl
    ? loadNodemailer().then((nodemailer) =>
        nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        }),
      )
    : undefined;
  // a failed load is the send's failure (logged, retried), not the process's
  transport?.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function send(mail: Mail): Promise<void> {
    if (!transport) {
      // without SMTP: a structured line for tools (never the body, which holds login links), and
      // in the demo a readable block for people
      const summary = { mail: { to: mail.to, subject: mail.subject } };
      if (options.printToConsole) {
        logger.info(summary, 'e-mail printed below (no SMTP_URL set)');
        console.log(`\n--- e-mail to ${mail.to}: ${mail.subject}\n${mail.text}\n---\n`);
      } else {
        logger.info(summary, 'e-mail not sent: no SMTP_URL set');
      }
      return;
    }
    await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  /**
   * Sent, but the database went away before the mail was marked: marked first thing next time,
   * so its lease running out does not send it a second time.
   */
  const unmarked = new Map<number, number>();

  async function markSent(id: number, attempts: number) {
    await db.update(mailOutbox).set({ sentAt: clock.now(), attempts, lastError: null }).where(eq(mailOutbox.id, id));
    unmarked.delete(id);
  }

  async function deliverDue(): Promise<number> {
    for (const [id, attempts] of unmarked) await markSent(id, attempts);
    const now = clock.now();
    // lease the due rows so a second process does not send them too
    const due = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.id))
      .limit(20);
    let sent = 0;
    for (const { id } of due) {
      const [row] = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
        .returning();
      if (!row) continue;
      try {
        await send(row);
      } catch (error) {
        const attempts = row.attempts + 1;
        const retryAt = new Date(clock.nowMs() + backoffMs(attempts));
        await db
          .update(mailOutbox)
          .set({ attempts, nextAttemptAt: retryAt, lastError: String(error).slice(0, 500) })
          .where(eq(mailOutbox.id, id));
        logger.warn(
          { mailId: id, attempts, retryAt: retryAt.toISOString(), err: String(error) },
          'sending e-mail failed; it stays queued and will be retried',
        );
        continue;
      }
      unmarked.set(id, row.attempts + 1);
      await markSent(id, row.attempts + 1);
      sent++;
    }
    return sent;
  }

  function flush(): Promise<number> {
    running ??= deliverDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      flush()
        .catch((error) => logger.error({ err: error }, 'mail worker failed'))
        .finally(() => schedule(options.intervalMs ?? 5000));
    }, ms);
    timer.unref();
  }

  return {
    async enqueue(tx, mail) {
      await tx.insert(mailOutbox).values({ ...mail, nextAttemptAt: clock.now(), createdAt: clock.now() });
    },
    flush,
    kick: () => schedule(0),
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      (await transport?.catch(() => undefined))?.close();
    },
  };
}
