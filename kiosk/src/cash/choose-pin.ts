import { JOURNAL_EVENTS } from '@club/shared/cash';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { translate } from '@club/shared/i18n/resources';
import { pathTo } from '@club/shared/routes';
import type { TLocale } from '@club/shared/users';
import { eq } from 'drizzle-orm';
import { checkPassword } from '../accounts/passwords.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import type { AuthInfo, Deps } from '../http/context.ts';
import { tellUser } from '../notifications/tell-user.ts';
import { type Emit, withEvents } from '../outbox/with-events.ts';
import { appendJournal } from './journal.ts';
import { hashPin, operatorName, storePin } from './operator-pins.ts';

type Colleague = Awaited<ReturnType<typeof storePin>>;

/**
 * Sets a counter PIN. One's own needs nothing more than the session; another staff member's
 * needs the admin's own password again (`error.own_password_wrong`), since with it the admin
 * could sign in as them and take float and withdrawals in their name. Either way the journal
 * says who set whose PIN and when (13999 `pin_set`), and a colleague whose PIN someone else
 * set is told at once, in the app and by e-mail, in their language.
 */
export async function choosePin(
  deps: Deps,
  by: AuthInfo,
  input: { userId: number; pin: string; password?: string },
): Promise<void> {
  const { db, mailer } = deps;
  const forColleague = input.userId !== by.userId;
  if (forColleague) {
    const [me] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, by.userId));
    if (!(await checkPassword(me?.passwordHash, input.password ?? ''))) throw new AppError('error.own_password_wrong');
  }
  const pinHash = await hashPin(input.pin);
  await withEvents(db, async (tx, emit) => {
    const colleague = await storePin(tx, input.userId, pinHash);
    await appendJournal(tx, {
      event: JOURNAL_EVENTS.other,
      userId: by.userId,
      detail: { kind: 'pin_set', user_id: colleague.id, by_user_id: by.userId },
    });
    if (forColleague) await tellColleague(deps, tx, emit, colleague, by.userId);
  });
  if (forColleague) mailer.kick();
}

async function tellColleague(deps: Deps, tx: Executor, emit: Emit, colleague: Colleague, byUserId: number) {
  const [admin] = await tx
    .select({ name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.id, byUserId));
  const locale: TLocale = colleague.locale === 'en' ? 'en' : 'nb';
  const values = { name: admin ? operatorName(admin) : '', club: deps.config.CLUB_NAME };
  const now = clock.now();
  await tellUser(tx, emit, colleague, {
    key: 'notice.pin_set',
    values,
    link: 'notice.pin_set_link',
    url: pathTo('admin.counter'),
  });
  const when = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', {
    timeZone: clubTimeZone(),
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(now);
  await deps.mailer.enqueue(tx, {
    to: colleague.email,
    subject: translate(locale, 'mail.pin_set.subject', values),
    text: [
      translate(locale, 'mail.greeting', { name: colleague.name }),
      '',
      translate(locale, 'mail.pin_set.body', { ...values, when }),
      '',
      translate(locale, 'mail.signature', values),
    ].join('\n'),
  });
}
