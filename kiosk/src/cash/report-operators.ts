import type { TCashReport } from '@club/shared/cash';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { JournalRow } from './journal.ts';
import { operatorName } from './operator-pins.ts';

/** A report's sales per operator (the journal's `user_id`), largest amount first. */
export async function salesByOperator(tx: Executor, sales: JournalRow[]): Promise<TCashReport['by_operator']> {
  const totals = new Map<number | null, { count: number; amount: number }>();
  for (const sale of sales) {
    const entry = totals.get(sale.userId) ?? { count: 0, amount: 0 };
    entry.count++;
    entry.amount += sale.amountIn ?? 0;
    totals.set(sale.userId, entry);
  }
  const ids = [...totals.keys()].filter((id): id is number => id !== null);
  const people = ids.length
    ? await tx
        .select({ id: users.id, name: users.name, surname: users.surname })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const names = new Map(people.map((p) => [p.id, operatorName(p)]));
  return [...totals]
    .map(([userId, v]) => ({ user_id: userId, name: userId === null ? '' : (names.get(userId) ?? `#${userId}`), ...v }))
    .sort((a, b) => b.amount - a.amount);
}
