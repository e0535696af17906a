import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TLocale } from '@club/shared/users';
import { eq } from 'drizzle-orm';
import { revokeTokens } from '../accounts/one-time-tokens.ts';
import { sendLink } from '../accounts/register-user.ts';
import { forgetUserSessions, revokeUserSessions } from '../accounts/sessions.ts';
import { users } from '../db/schema.ts';
import type { AuthInfo, Deps } from '../http/context.ts';
import type { Allowance } from '../http/rate-limit.ts';
import { withEvents } from '../outbox/with-events.ts';
import { assertEmailAndPhoneFree, assertRoleExists, findUser, mapUniqueViolation } from './find-user.ts';

export interface UserUpdate {
  id: number;
  name: string;
  surname: string;
  email: string;
  phone: string;
  role: number;
  is_admin?: boolean | undefined;
  email_verified?: boolean | undefined;
  locale?: TLocale | undefined;
}

type UserRow = Awaited<ReturnType<typeof findUser>>;

/**
 * When the address counts as proven after an edit: a new address is not, until its link is
 * opened or an admin confirms it; a player cannot confirm their own.
 */
function verifiedAtAfter(by: AuthInfo, current: UserRow, input: UserUpdate, emailChanged: boolean): Date | null {
  const kept = emailChanged ? null : current.emailVerifiedAt;
  if (input.email_verified === undefined) return kept;
  if (by.isAdmin) return input.email_verified ? (kept ?? clock.now()) : null;
  if (input.email_verified && !kept) throw new AppError('error.forbidden');
  return kept;
}

/**
 * Admins edit anyone; a player edits their own account but not their role or admin flag.
 * A changed e-mail address has to be verified again: its link goes out with the change, as the
 * verification screen the player lands on says it has. Each such link is counted against the
 * caller's `mails`: the address is whatever they typed, so without it a loop of changes mailed
 * anyone without end; over it the change is refused and nothing of it is kept.
 */
export async function updateUser(deps: Deps, by: AuthInfo, input: UserUpdate, mails: Allowance) {
  const { db } = deps;
  if (!by.isAdmin && by.userId !== input.id) throw new AppError('error.forbidden');
  return withEvents(db, async (tx, emit) => {
    const current = await findUser(tx, input.id);
    if (!by.isAdmin && (input.role !== current.roleId || (input.is_admin ?? current.isAdmin) !== current.isAdmin)) {
      throw new AppError('error.forbidden');
    }
    if (by.isAdmin && by.userId === input.id && input.is_admin === false) throw new AppError('error.forbidden');
    if (input.role !== current.roleId) await assertRoleExists(tx, input.role);
    await assertEmailAndPhoneFree(tx, input.email, input.phone, input.id);
    const emailChanged = input.email !== current.email;
    const [row] = await tx
      .update(users)
      .set({
        name: input.name,
        surname: input.surname,
        email: input.email,
        phone: input.phone,
        roleId: input.role,
        isAdmin: input.is_admin ?? current.isAdmin,
        locale: input.locale ?? current.locale,
        emailVerifiedAt: verifiedAtAfter(by, current, input, emailChanged),
        updatedAt: clock.now(),
      })
      .where(eq(users.id, input.id))
      .returning();
    if (!row) throw new AppError('error.user_not_found');
    if (emailChanged) await revokeTokens(tx, row.id);
    if (emailChanged && !row.emailVerifiedAt) {
      mails.take(by.userId);
      await sendLink(deps, tx, row, 'verify_email');
    }
    // losing admin rights takes effect at once
    if (current.isAdmin && !row.isAdmin) await revokeUserSessions(tx, emit, row.id);
    // a granted admin flag, and an address no longer proven, take effect at once too: their next request reads them
    else if (current.isAdmin !== row.isAdmin || (current.emailVerifiedAt && !row.emailVerifiedAt))
      forgetUserSessions(tx, row.id);
    return row;
  })
    .then((row) => {
      // the link queued with the change goes out now, not at the mailer's next round
      if (!row.emailVerifiedAt) deps.mailer.kick();
      return row;
    })
    .catch(mapUniqueViolation);
}
