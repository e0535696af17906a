import { translate } from '@club/shared/i18n/resources';
import { pathTo } from '@club/shared/routes';
import type { Mail } from '../mail/mailer.ts';
import { clubTimeOfDay } from '../push/club-time.ts';

/** The e-mail telling a player that a table is held for their party, in their language. */
export function offerMail(options: {
  to: { email: string; name: string; locale: string };
  table: { id: number; name: string };
  expiresAt: Date;
  publicUrl: string;
  club: string;
}): Mail {
  const { to, table, publicUrl, club } = options;
  const locale = to.locale === 'en' ? 'en' : 'nb';
  const values = { club, table: table.name, time: clubTimeOfDay(options.expiresAt) };
  const t = (key: string, extra: Record<string, string> = {}) => translate(locale, key, { ...values, ...extra });
  const text = [
    t('mail.greeting', { name: to.name }),
    '',
    t('waitlist.mail.body'),
    `${publicUrl}${pathTo('table', { id: table.id })}`,
    '',
    t('waitlist.mail.later'),
    '',
    t('mail.signature'),
  ].join('\n');
  return { to: to.email, subject: t('waitlist.mail.subject'), text };
}
