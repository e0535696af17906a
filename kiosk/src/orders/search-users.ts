import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { containing } from '../db/containing.ts';
import { users } from '../db/schema.ts';

/** Players find the person to hand an order to by name or phone: names only, ten at most. */
export async function searchUsers(db: Executor, q: string) {
  const digits = q.replace(/\D/g, '');
  const like = containing(q);
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(
      and(
        isNotNull(users.emailVerifiedAt),
        digits.length >= 8
          ? sql`right(${users.phone}, 8) = right(${digits}, 8)`
          : sql`${users.name} || ' ' || ${users.surname} ilike ${like}`,
      ),
    )
    .orderBy(asc(users.name), asc(users.surname))
    .limit(10);
  return rows;
}
