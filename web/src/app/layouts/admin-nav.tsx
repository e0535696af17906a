import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { useAdminSections } from '../../components/admin-sections.tsx';
import { DashboardIcon } from '../../components/icons.tsx';
import { type NavItem, NavItems } from './nav-items.tsx';

/** The admins' side navigation on wide screens: the club's items, then every staff section. */
export function AdminNav({ playerItems }: { playerItems: NavItem[] }) {
  const { t } = useTranslation();
  const [users, ...sections] = useAdminSections();
  const adminItems: NavItem[] = [
    { to: pathTo('admin.dashboard'), label: t('admin.dashboard.title'), icon: <DashboardIcon />, end: true },
    ...(users ? [users] : []),
    { to: pathTo('admin.live'), label: t('live.admin.title'), icon: <DashboardIcon /> },
    ...sections,
  ];
  return (
    <nav className="sidenav" aria-label={t('nav.admin_label')}>
      <p className="sidenav__heading">{t('nav.club')}</p>
      <NavItems items={playerItems} className="sidenav__list" />
      <p className="sidenav__heading">{t('nav.admin')}</p>
      <NavItems items={adminItems} className="sidenav__list" />
    </nav>
  );
}
