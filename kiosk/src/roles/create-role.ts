import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TRole, ZRoleBody } from '@club/shared/users';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { roleNameTaken, toRole } from './role-rows.ts';

export async function createRole(db: Executor, input: z.infer<typeof ZRoleBody>): Promise<TRole> {
  const [row] = await db
    .insert(roles)
    .values({ name: input.name, canPayLater: input.can_pay_later, homePage: input.home_page, createdAt: clock.now() })
    .returning()
    .catch(roleNameTaken);
  if (!row) throw new AppError('error.unable_to_create_role');
  return toRole(row);
}
