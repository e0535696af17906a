import { inArray } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { DEMO_LOGINS } from '../seed/seed.ts';

/**
 * The demo's logins and passwords are printed by every `npm start` and written in the
 * README: a production start refuses a database that holds one of them (it was once run
 * as the demo), since anyone could log in as its admin.
 */
export async function refuseDemoLogins(db: Db): Promise<void> {
  const emails = DEMO_LOGINS.map((login) => login.email);
  const found = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  if (found.length) {
    throw new ConfigError(
      `Refusing to start with NODE_ENV=production: DATABASE_URL/DATA_DIR (the database holds the demo's public logins, ${found.map((u) => u.email).join(', ')}; start on a database of its own, or delete those accounts)`,
    );
  }
}
