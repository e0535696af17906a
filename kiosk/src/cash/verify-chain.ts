import { verify } from 'node:crypto';
import { signatureInput } from '@club/shared/cash';
import type { JournalRow } from './journal.ts';

/**
 * Checks a cash point's signed entries in order against the public key: each signature must
 * be over the previous one and the entry's own date, time, number and amounts. Answers the
 * number of the first entry that fails, or null when the whole chain holds.
 */
export function firstBrokenLink(rows: readonly JournalRow[], publicKeyPem: string): number | null {
  let previous = '0';
  for (const row of [...rows].sort((a, b) => a.nr - b.nr)) {
    if (row.signature === null) continue;
    const input = signatureInput({
      previous,
      date: row.transDate ?? '',
      time: row.transTime ?? '',
      nr: row.nr,
      amountIn: row.amountIn ?? 0,
      amountEx: row.amountEx ?? 0,
    });
    const ok = verify('sha1', Buffer.from(input, 'utf8'), publicKeyPem, Buffer.from(row.signature, 'base64'));
    if (!ok) return row.nr;
    previous = row.signature;
  }
  return null;
}
