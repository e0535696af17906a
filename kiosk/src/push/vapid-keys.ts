import { clock } from '@club/shared/clock';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY = 'vapid';
const ZStoredKeys = z.object({ publicKey: z.string(), privateKey: z.string() });

/** The contact the push services may write to: the club's sender address. */
function subjectOf(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/**
 * The VAPID key pair the club signs its pushes with: from the environment (production must set
 * it), else a pair made on first start and kept in the database, so a device's subscription
 * survives restarts (a new pair would orphan every subscription).
 */
export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const subject = subjectOf(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const stored = ZStoredKeys.safeParse(row?.value);
  if (stored.success) return { ...stored.data, subject };
  const made = webpush.generateVAPIDKeys();
  // two processes starting at once: the first pair written wins, and both use it
  await db
    .insert(settings)
    .values({ key: KEY, value: made, updatedAt: clock.now() })
    .onConflictDoNothing({ target: settings.key });
  const [kept] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return { ...ZStoredKeys.parse(kept?.value), subject };
}
