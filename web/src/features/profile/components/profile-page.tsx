import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { ClockIcon, ReceiptIcon, ShieldIcon, UserIcon } from '../../../components/icons.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { MenuLink } from '../../../components/menu-link.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { ThemeSwitch } from '../../../components/theme-switch.tsx';
import { useLogout, useUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';

export function initialsOf(name: string, surname: string): string {
  return `${name.trim().charAt(0)}${surname.trim().charAt(0)}`.toUpperCase();
}

/** The person's own page: who they are, their account, and the app's settings. */
/** `settings`: what the route adds to the device's settings (notifications). */
export function ProfilePage({ settings }: { settings?: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const logout = useLogout();

  return (
    <Page title={t('profile.title')}>
      <div className="card profile-card">
        <span className="avatar" aria-hidden="true">
          {initialsOf(user.name, user.surname)}
        </span>
        <div className="profile-card__text">
          <p className="profile-card__name">
            <span>
              {user.name} {user.surname}
            </span>
            {user.is_admin && <span className="badge">{t('profile.admin_badge')}</span>}
          </p>
          <p className="muted">{user.email}</p>
          <p className="muted">{user.phone}</p>
          <p className="muted small">
            {t('profile.member_since', { date: formatDate(user.created_at, currentLocale()) })}
          </p>
        </div>
      </div>

      <Section title={t('profile.account_section')}>
        <ul className="menu">
          <MenuLink
            to={pathTo('profile.account')}
            icon={<UserIcon />}
            label={t('account.title')}
            hint={t('profile.account_hint')}
          />
          <MenuLink
            to={pathTo('changePassword')}
            icon={<ShieldIcon />}
            label={t('password.title')}
            hint={t('profile.password_hint')}
          />
          <MenuLink
            to={pathTo('profile.subscriptions')}
            icon={<ClockIcon />}
            label={t('subscriptions.title')}
            hint={t('profile.subscriptions_hint')}
          />
          <MenuLink
            to={pathTo('profile.orderHistory')}
            icon={<ReceiptIcon />}
            label={t('orders.history_title')}
            hint={t('profile.orders_hint')}
          />
          <MenuLink
            to={pathTo('profile.waitingOrders')}
            icon={<ReceiptIcon />}
            label={t('orders.waiting_title')}
            hint={t('profile.waiting_hint')}
          />
        </ul>
      </Section>

      <Section title={t('profile.settings_section')}>
        <div className="card stack">
          <LanguageSwitch />
          <ThemeSwitch />
          {settings}
        </div>
      </Section>

      <div className="stack">
        <Button variant="secondary" className="button--block" busy={logout.isPending} onClick={() => logout.mutate()}>
          {t('auth.logout')}
        </Button>
        <p className="center small">
          <Link to={pathTo('privacy')} className="link">
            {t('privacy.title')}
          </Link>
        </p>
      </div>
    </Page>
  );
}
