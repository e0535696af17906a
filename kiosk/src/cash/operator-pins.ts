import type { TOperatorCandidate } from '@club/shared/cash-operators';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, asc, eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Staff (admins) are the ones who may work the counter; walk-in guests never. */
const isStaff = and(eq(users.isAdmin, true), eq(users.walkIn, false));

export const operatorName = (u: { name: string; surname: string }) => `${u.name} ${u.surname}`.trim();

/** Who may sign in at the counter, by name, and whether each has chosen a PIN yet. */
export async function operatorCandidates(db: Executor): Promise<TOperatorCandidate[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname, pinHash: users.pinHash })
    .from(users)
    .where(isStaff)
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
  return rows.map((r) => ({ user_id: r.id, name: operatorName(r), has_pin: r.pinHash !== null }));
}

/**
 * Stores a staff member's PIN, hashed like a password (argon2id, `hashPin`); anyone else is
 * not an operator. Who may set whose PIN, and what is journaled, is `choosePin`'s.
 */
export async function storePin(db: Executor, userId: number, pinHash: string) {
  const [row] = await db
    .update(users)
    .set({ pinHash, updatedAt: clock.now() })
    .where(and(eq(users.id, userId), isStaff))
    .returning({ id: users.id, name: users.name, surname: users.surname, email: users.email, locale: users.locale });
  if (!row) throw new AppError('error.operator_not_found');
  return row;
}

export const hashPin = (pin: string) => hashPassword(pin);

/** A staff member as an operator: name and PIN hash; `error.operator_not_found` for anyone else. */
export async function findOperator(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, surname: users.surname, pinHash: users.pinHash })
    .from(users)
    .where(and(eq(users.id, userId), isStaff));
  if (!row) throw new AppError('error.operator_not_found');
  return row;
}

/** The name a receipt prints for the journal entry's operator (`user_id`), if it names one. */
export async function journalOperatorName(db: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, userId));
  return row ? operatorName(row) : null;
}
