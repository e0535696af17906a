import { JOURNAL_EVENTS } from '@club/shared/cash';
import type { Db } from '../db/client.ts';
import { appendJournal } from './journal.ts';
import { ensureSigningKey } from './signing-key.ts';

/** On every start: the signing key exists (created the first time) and the start is journaled (13001). */
export async function recordAppStart(db: Db): Promise<void> {
  await ensureSigningKey(db);
  await db.transaction((tx) => appendJournal(tx, { event: JOURNAL_EVENTS.appStart }));
}
