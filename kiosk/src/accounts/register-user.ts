import { clock } from '@club/shared/clock';
import { DEFAULT_LOCALE, type TLocale } from '@club/shared/users';
import { users } from '../db/schema.ts';
import type { Deps } from '../http/context.ts';
import { linkMail } from '../mail/templates.ts';
import { assertEmailAndPhoneFree, mapUniqueViolation } from '../users/find-user.ts';
import { issueToken, type Purpose } from './one-time-tokens.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { hashPassword } from './passwords.ts';

/** New players start with this role (2, 'Spiller'); admins move them on. */
export const DEFAULT_ROLE_ID = 2;

export interface NewUser {
  name: string;
  surname: string;
  email: string;
  phone: string;
  roleId: number;
  password?: string | undefined;
  isAdmin?: boolean | undefined;
  verified?: boolean | undefined;
  locale?: TLocale | undefined;
}

/**
 * Creates an account and, in the same transaction, queues the e-mail it needs: a link to
 * verify the address, or to choose a password when an admin made the account.
 */
export async function registerUser(deps: Deps, input: NewUser) {
  if (input.password) assertPasswordAllowed(input.password);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const user = await deps.db
    .transaction(async (tx) => {
      await assertEmailAndPhoneFree(tx, input.email, input.phone);
      const now = clock.now();
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          surname: input.surname,
          email: input.email,
          phone: input.phone,
          passwordHash,
          roleId: input.roleId,
          isAdmin: input.isAdmin ?? false,
          emailVerifiedAt: input.verified ? now : null,
          locale: input.locale ?? DEFAULT_LOCALE,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const purpose: Purpose | undefined = !passwordHash ? 'set_password' : input.verified ? undefined : 'verify_email';
      if (purpose) await sendLink(deps, tx, row, purpose);
      return row;
    })
    .catch(mapUniqueViolation);
  deps.mailer.kick();
  return user;
}

export async function sendLink(
  deps: Deps,
  tx: Parameters<typeof issueToken>[0],
  user: { id: number; email: string; name: string; locale: string },
  purpose: Purpose,
): Promise<void> {
  const token = await issueToken(tx, user, purpose);
  await deps.mailer.enqueue(
    tx,
    linkMail({ purpose, token, to: user, publicUrl: deps.config.publicUrl, club: deps.config.CLUB_NAME }),
  );
}
