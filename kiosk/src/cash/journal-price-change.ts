import { JOURNAL_EVENTS } from '@club/shared/cash';
import type { Executor } from '../db/client.ts';
import { appendJournal } from './journal.ts';

interface Price {
  price: number | null;
  vat_rate?: number | null;
}

/**
 * A changed price or VAT rate goes into the journal (13021) with what it was, what it became
 * and who changed it: the examiner reads the staff member behind each price change.
 */
export async function journalPriceChange(
  tx: Executor,
  what: { item: 'product' | 'subscription' | 'table_time'; id: number | null; role_id?: number },
  before: Price,
  after: Price,
  userId: number,
): Promise<void> {
  if (before.price === after.price && (before.vat_rate ?? null) === (after.vat_rate ?? null)) return;
  await appendJournal(tx, { event: JOURNAL_EVENTS.priceChange, userId, detail: { ...what, before, after } });
}
