import { translate } from '@club/shared/i18n/resources';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { notifications, poolTables, users } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Emit } from '../outbox/with-events.ts';
import type { ReservationRow } from './reservation-rows.ts';

export interface ReminderContext {
  mailer: Mailer;
  club: string;
  publicUrl: string;
  timeZone: string;
}

/**
 * Tells a holder their table is waiting: an e-mail and a message in the app (which reaches
 * their open screens live through `notification.created`). Every way of reaching a holder
 * before their start goes here, in the transaction that marks them reminded.
 */
export async function remindHolder(tx: Tx, emit: Emit, ctx: ReminderContext, row: ReservationRow): Promise<void> {
  if (row.userId === null) return;
  const [holder] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale, table: poolTables.name })
    .from(users)
    .innerJoin(poolTables, eq(poolTables.id, row.tableId))
    .where(eq(users.id, row.userId));
  if (!holder) return;
  const locale = holder.locale === 'en' ? 'en' : 'nb';
  const time = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', {
    timeZone: ctx.timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(row.startsAt);
  const values = { name: holder.name, table: holder.table, time, club: ctx.club };
  const t = (key: string) => translate(locale, key, values);
  await ctx.mailer.enqueue(tx, {
    to: holder.email,
    subject: t('booking.mail.subject'),
    text: [
      t('mail.greeting'),
      '',
      t('booking.mail.body'),
      `${ctx.publicUrl}/reservations`,
      '',
      t('mail.signature'),
    ].join('\n'),
  });
  const [note] = await tx
    .insert(notifications)
    .values({
      message: t('booking.mail.body'),
      linkText: t('booking.mail.link'),
      url: '/reservations',
      audience: 'user',
      userId: row.userId,
      startsAt: row.createdAt,
      endsAt: row.endsAt,
    })
    .returning({ id: notifications.id });
  if (note) await emit({ type: 'notification.created', payload: { notification_id: note.id, user_id: row.userId } });
}
