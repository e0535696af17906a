import { generateKeyPairSync } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cashKeys } from '../db/schema.ts';

export type SigningKey = typeof cashKeys.$inferSelect;

/**
 * The key that signs sales and returns (SAF-T: RSA 1024 bits, exponent 65537), created on
 * first start and kept in the database with the journal it signs. Two processes starting
 * at once both try version 1; the insert that loses changes nothing.
 */
export async function ensureSigningKey(db: Executor): Promise<SigningKey> {
  const existing = await currentSigningKey(db);
  if (existing) return existing;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicExponent: 65537,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await db.insert(cashKeys).values({ version: 1, privateKey, publicKey }).onConflictDoNothing();
  const key = await currentSigningKey(db);
  if (!key) throw new Error('no signing key after creating one');
  return key;
}

export async function currentSigningKey(db: Executor): Promise<SigningKey | undefined> {
  const [row] = await db.select().from(cashKeys).orderBy(desc(cashKeys.version)).limit(1);
  return row;
}
