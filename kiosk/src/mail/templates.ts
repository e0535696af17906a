import { translate } from '@club/shared/i18n/resources';
import type { TLocale } from '@club/shared/users';
import type { Purpose } from '../accounts/one-time-tokens.ts';
import { TOKEN_TTL_HOURS } from '../accounts/one-time-tokens.ts';
import type { Mail } from './mailer.ts';

const PATHS: Record<Purpose, string> = {
  verify_email: '/verify/',
  reset_password: '/reset-password-continue/',
  set_password: '/reset-password-continue/',
};
const KEYS: Record<Purpose, string> = { verify_email: 'verify', reset_password: 'reset', set_password: 'set_password' };

/** The e-mail carrying a one-time link, in the person's language. */
export function linkMail(options: {
  purpose: Purpose;
  token: string;
  to: { email: string; name: string; locale: string };
  publicUrl: string;
  club: string;
}): Mail {
  const { purpose, token, to, publicUrl, club } = options;
  const locale: TLocale = to.locale === 'en' ? 'en' : 'nb';
  const t = (key: string, values: Record<string, string | number> = {}) => translate(locale, key, { club, ...values });
  const link = `${publicUrl}${PATHS[purpose]}${encodeURIComponent(token)}`;
  const key = KEYS[purpose];
  const text = [
    t('mail.greeting', { name: to.name }),
    '',
    t(`mail.${key}.body`, { hours: TOKEN_TTL_HOURS[purpose] }),
    link,
    '',
    t('mail.ignore'),
    '',
    t('mail.signature'),
  ].join('\n');
  return { to: to.email, subject: t(`mail.${key}.subject`), text };
}
