import { pathTo } from '@club/shared/routes';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAdminSections } from '../../components/admin-sections.tsx';
import { BellIcon, ClockIcon, DashboardIcon, HomeIcon, LogoIcon, ShopIcon, UserIcon } from '../../components/icons.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useMyNotifications } from '../../features/notifications/api/get-my-notifications.ts';
import { useUser } from '../../lib/auth.ts';
import { useFirstScreenSettled } from '../../lib/first-screen.ts';
import '../../styles/admin.css';

// loaded only for the last one out in unstaffed hours: not in every player's first download
const ClosingReminder = lazy(() =>
  import('../../features/devices/components/closing-reminder.tsx').then((m) => ({ default: m.ClosingReminder })),
);

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  /** a count shown on the item (unread notifications) */
  badge?: { count: number; label: string };
}

function NavItems({ items, className }: { items: NavItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end ?? false} className="nav__link">
            <span className="nav__icon">
              {item.icon}
              {item.badge && item.badge.count > 0 && (
                <span className="nav__badge" aria-hidden="true">
                  {item.badge.count > 99 ? '99+' : item.badge.count}
                </span>
              )}
            </span>
            <span className="nav__label">
              {item.label}
              {item.badge && item.badge.count > 0 && <span className="visually-hidden">, {item.badge.label}</span>}
            </span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The logged-in frame, mobile first: players get a bottom navigation (home, shop,
 * notifications, profile); admins also get a side navigation on wide screens.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useUser();
  // refetched every ~15 s; the realtime gateway later writes new ones into the same cache entry.
  // Asked once the screen is up: the badge must not delay what the player came to see.
  const unread = useMyNotifications({ enabled: useFirstScreenSettled() }).data?.unread ?? 0;
  // leaving as the last one out (table page) comes with `{ closing: true }`
  const closing = (useLocation().state as { closing?: unknown } | null)?.closing === true;

  const playerItems: NavItem[] = [
    { to: pathTo('home'), label: t('nav.home'), icon: <HomeIcon />, end: true },
    { to: pathTo('shop'), label: t('nav.shop'), icon: <ShopIcon /> },
    { to: pathTo('reservations'), label: t('booking.tab'), icon: <ClockIcon /> },
    {
      to: pathTo('notifications'),
      label: t('nav.notifications'),
      icon: <BellIcon />,
      badge: { count: unread, label: t('adminConsole.inbox.unread', { count: unread }) },
    },
    { to: pathTo('profile'), label: t('nav.profile'), icon: <UserIcon /> },
  ];
  const [users, ...sections] = useAdminSections();
  const adminItems: NavItem[] = [
    { to: pathTo('admin.dashboard'), label: t('admin.dashboard.title'), icon: <DashboardIcon />, end: true },
    ...(users ? [users] : []),
    { to: pathTo('admin.live'), label: t('live.admin.title'), icon: <DashboardIcon /> },
    ...sections,
  ];

  return (
    <div className={user.is_admin ? 'shell shell--admin' : 'shell'}>
      <a href="#main" className="skip-link">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <Link to={pathTo('home')} className="brand">
          <LogoIcon />
          <span>{t('app.name')}</span>
        </Link>
        <div className="topbar__end">
          {user.is_admin && (
            <Link
              to={pathTo('admin.dashboard')}
              className="button button--ghost button--icon topbar__admin"
              aria-label={t('nav.admin')}
              title={t('nav.admin')}
            >
              <DashboardIcon />
            </Link>
          )}
          <LanguageSwitch compact />
        </div>
      </header>

      {user.is_admin && (
        <nav className="sidenav" aria-label={t('nav.admin_label')}>
          <p className="sidenav__heading">{t('nav.club')}</p>
          <NavItems items={playerItems} className="sidenav__list" />
          <p className="sidenav__heading">{t('nav.admin')}</p>
          <NavItems items={adminItems} className="sidenav__list" />
        </nav>
      )}

      <main id="main" className="main">
        <Outlet />
      </main>
      {closing && (
        <Suspense fallback={null}>
          <ClosingReminder />
        </Suspense>
      )}

      <nav className="bottomnav" aria-label={t('nav.main_label')}>
        <NavItems items={playerItems} className="bottomnav__list" />
      </nav>
    </div>
  );
}
