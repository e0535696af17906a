import { AppError } from '@club/shared/errors';
import type { TRole, ZRoleUpdateBody } from '@club/shared/users';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { findRole, roleNameTaken, toRole } from './role-rows.ts';

/** Edits a role; `error.id_required` without an id. */
export async function updateRole(db: Executor, input: z.infer<typeof ZRoleUpdateBody>): Promise<TRole> {
  if (input.id === undefined) throw new AppError('error.id_required');
  await findRole(db, input.id);
  const [row] = await db
    .update(roles)
    .set({ name: input.name, canPayLater: input.can_pay_later, homePage: input.home_page })
    .where(eq(roles.id, input.id))
    .returning()
    .catch(roleNameTaken);
  return toRole(row!);
}
