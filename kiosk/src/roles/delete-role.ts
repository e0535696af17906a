import { AppError } from '@club/shared/errors';
import { SHOP_ROLE_ID } from '@club/shared/users';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { roles, users } from '../db/schema.ts';
import { findRole } from './role-rows.ts';

/** The roles the product itself relies on (SPEC §6: role 3 shops); they can be renamed, not deleted. */
const BUILT_IN = new Set([1, 2, SHOP_ROLE_ID]);

/** Deletes a role nobody has; a built-in one, or one in use, answers `error.role_in_use`. */
export async function deleteRole(db: Executor, id: number): Promise<void> {
  await findRole(db, id);
  const [inUse] = await db.select({ n: count() }).from(users).where(eq(users.roleId, id));
  if (BUILT_IN.has(id) || (inUse?.n ?? 0) > 0) throw new AppError('error.role_in_use');
  await db.delete(roles).where(eq(roles.id, id));
}
