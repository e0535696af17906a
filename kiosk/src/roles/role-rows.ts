import { AppError } from '@club/shared/errors';
import type { TRole } from '@club/shared/users';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.ts';

export type RoleRow = typeof roles.$inferSelect;

export const toRole = (r: RoleRow): TRole => ({
  id: r.id,
  name: r.name,
  can_pay_later: r.canPayLater,
  home_page: r.homePage,
});

/** A name another role has (`roles_name_key`) is the field's error, not the server's. */
export function roleNameTaken(error: unknown): never {
  if (sqlStateOf(error) === UNIQUE_VIOLATION) {
    throw new AppError('error.role_name_taken', { fields: { name: 'validation.taken' } });
  }
  throw error;
}

/** The role with that id; `error.role_not_found` when there is none. */
export async function findRole(db: Executor, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError('error.role_not_found');
  return row;
}
