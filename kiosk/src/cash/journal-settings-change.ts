import { isDeepStrictEqual } from 'node:util';
import { JOURNAL_EVENTS } from '@club/shared/cash';
import type { Executor } from '../db/client.ts';
import { appendJournal } from './journal.ts';

/**
 * A changed setting that matters to the register (the business on receipts, the VAT rate of
 * table time, how time is billed, which ways of paying are offered) goes into the journal
 * with what it was and what it became; saving the same values again writes nothing.
 */
export async function journalSettingsChange(
  tx: Executor,
  setting: 'club_details' | 'billing' | 'payment_methods',
  before: object,
  after: object,
  userId: number | null,
): Promise<void> {
  if (isDeepStrictEqual(before, after)) return;
  await appendJournal(tx, {
    event: JOURNAL_EVENTS.other,
    userId,
    detail: { kind: 'settings_change', setting, before, after },
  });
}
