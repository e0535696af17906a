import { PER_PAGE } from '@club/shared/api';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { containing } from '../db/containing.ts';
import { users } from '../db/schema.ts';

function searchCondition(search: string | undefined) {
  const term = search?.trim();
  if (!term) return undefined;
  const like = containing(term);
  const digits = term.replace(/[^\d+]/g, '');
  return or(
    ilike(users.name, like),
    ilike(users.surname, like),
    ilike(users.email, like),
    ilike(sql`${users.name} || ' ' || ${users.surname}`, like),
    digits.length >= 3 ? ilike(users.phone, `%${digits}%`) : undefined,
  );
}

/**
 * The people staff manage: a walk-in guest at the counter is a user row only so that their
 * table time can be billed (`cash/walk-ins.ts`); with no login, a made-up address and one row
 * per visit, an evening's guests would fill the users screen.
 */
const members = eq(users.walkIn, false);

/** SPEC §7 `/user/all`: a page of users, searched over name, surname, e-mail and phone. */
export async function listUsers(db: Executor, input: { page: number; user?: string | undefined }) {
  const where = and(members, searchCondition(input.user));
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(PER_PAGE)
    .offset((input.page - 1) * PER_PAGE);
  const n = total?.n ?? 0;
  return { rows, total: n, lastPage: Math.max(1, Math.ceil(n / PER_PAGE)) };
}

export function listAllUsers(db: Executor) {
  return db.select().from(users).where(members).orderBy(asc(users.name), asc(users.surname), asc(users.id));
}
