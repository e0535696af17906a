import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { roles, users } from '../db/schema.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.ts';

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('error.user_not_found', { extra: { user: null } });
  return row;
}

export async function assertRoleExists(db: Executor, roleId: number): Promise<void> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).limit(1);
  if (!row) throw new AppError('error.role_not_found', { fields: { role: 'validation.invalid' } });
}

/** Turns the database's 'already taken' into the catalogue's key (a race-proof check). */
export function mapUniqueViolation(error: unknown): never {
  if (sqlStateOf(error) === UNIQUE_VIOLATION) throw new AppError('error.email_or_phone_already_in_use');
  throw error;
}

export async function assertEmailAndPhoneFree(db: Executor, email: string, phone: string, exceptId?: number) {
  const taken = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.email, email))
    .union(
      db.select({ id: users.id, email: users.email, phone: users.phone }).from(users).where(eq(users.phone, phone)),
    );
  const others = taken.filter((u) => u.id !== exceptId);
  if (others.length) {
    const fields: Record<string, string> = {};
    if (others.some((u) => u.email === email)) fields.email = 'validation.taken';
    if (others.some((u) => u.phone === phone)) fields.phone = 'validation.taken';
    throw new AppError('error.email_or_phone_already_in_use', { fields });
  }
}
