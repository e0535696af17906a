import { pathTo } from '@club/shared/routes';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { BellIcon, ClockIcon, DashboardIcon, HomeIcon, LogoIcon, ShopIcon, UserIcon } from '../../components/icons.tsx';
import { InTurn } from '../../components/in-turn.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useMyNotifications } from '../../features/notifications/api/get-my-notifications.ts';
import { useUser } from '../../lib/auth.ts';
import { useFirstScreenSettled } from '../../lib/first-screen.ts';
import { loadTextGroups } from '../../lib/i18n.ts';
import { ADMIN_NAV_TEXTS } from './admin-nav-texts.ts';
import { type NavItem, NavItems } from './nav-items.tsx';
import '../../styles/admin.css';

// loaded only for the last one out in unstaffed hours: not in every player's first download
const ClosingReminder = lazy(() =>
  import('../../features/devices/components/closing-reminder.tsx').then((m) => ({ default: m.ClosingReminder })),
);

// only the staff see it (on wide screens): not in a player's first download; with the texts
// of its sections' names that no player's first screen needs
const AdminNav = lazy(() =>
  Promise.all([import('./admin-nav.tsx'), loadTextGroups(ADMIN_NAV_TEXTS)]).then(([m]) => ({ default: m.AdminNav })),
);

/**
 * The unread notifications on the navigation's bell. Asked once the screen is up: the badge must
 * not delay what the player came to see. Refetched every ~15 s; the realtime gateway later writes
 * new ones into the same cache entry.
 */
function UnreadCount({ visual }: { visual: boolean }) {
  const { t } = useTranslation();
  const unread = useMyNotifications({ enabled: useFirstScreenSettled() }).data?.unread ?? 0;
  if (unread <= 0) return null;
  if (!visual) return <span className="visually-hidden">, {t('adminConsole.inbox.unread', { count: unread })}</span>;
  return (
    <span className="nav__badge" aria-hidden="true">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/**
 * The logged-in frame, mobile first: players get a bottom navigation (home, shop,
 * notifications, profile); admins also get a side navigation on wide screens.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useUser();
  // leaving as the last one out (table page) comes with `{ closing: true }`
  const closing = (useLocation().state as { closing?: unknown } | null)?.closing === true;

  const playerItems: NavItem[] = [
    { to: pathTo('home'), label: t('nav.home'), icon: <HomeIcon />, end: true },
    { to: pathTo('shop'), label: t('nav.shop'), icon: <ShopIcon /> },
    { to: pathTo('reservations'), label: t('nav.reservations'), icon: <ClockIcon /> },
    {
      to: pathTo('notifications'),
      label: t('nav.notifications'),
      icon: <BellIcon />,
      Badge: UnreadCount,
    },
    { to: pathTo('profile'), label: t('nav.profile'), icon: <UserIcon /> },
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
          <InTurn>
            <LanguageSwitch compact />
          </InTurn>
        </div>
      </header>

      {user.is_admin && (
        // its column stays while it loads, so the page does not move sideways
        <Suspense fallback={<div className="sidenav" />}>
          <AdminNav playerItems={playerItems} />
        </Suspense>
      )}

      <main id="main" className="main">
        <Outlet />
      </main>
      {closing && (
        <Suspense fallback={null}>
          <ClosingReminder />
        </Suspense>
      )}

      <InTurn>
        <nav className="bottomnav" aria-label={t('nav.main_label')}>
          <NavItems items={playerItems} className="bottomnav__list" />
        </nav>
      </InTurn>
    </div>
  );
}
