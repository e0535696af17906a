import type { TLocale } from '@club/shared/users';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** The language a person chose; Norwegian for anyone unknown. */
export async function userLocale(db: Executor, userId: number | undefined): Promise<TLocale> {
  if (userId === undefined) return 'nb';
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return user?.locale === 'en' ? 'en' : 'nb';
}
