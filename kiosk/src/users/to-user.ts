import type { TUser } from '@club/shared/users';
import type { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** The wire shape of a user (DESIGN §4); never the password hash. */
export function toUser(row: UserRow): TUser {
  const verified = row.emailVerifiedAt !== null;
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    role_id: row.roleId,
    is_admin: row.isAdmin,
    is_verified: verified,
    email_verified: verified,
    locale: row.locale === 'en' ? 'en' : 'nb',
    created_at: row.createdAt.toISOString(),
  };
}
