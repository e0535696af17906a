import type { TRole } from '@club/shared/users';
import { asc } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { toRole } from './role-rows.ts';

export async function listRoles(db: Executor): Promise<TRole[]> {
  return (await db.select().from(roles).orderBy(asc(roles.id))).map(toRole);
}
