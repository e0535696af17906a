import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  BoxIcon,
  ChartIcon,
  ChevronRightIcon,
  ClockIcon,
  CoinsIcon,
  MegaphoneIcon,
  PercentIcon,
  ReceiptIcon,
  ShieldIcon,
  TableIcon,
  UsersIcon,
} from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, Spinner } from '../../../components/states.tsx';
import { useUsers } from '../api/get-users.ts';

function Stat({ icon, label, value, to }: { icon: ReactNode; label: string; value: ReactNode; to: string }) {
  return (
    <Link to={to} className="stat card">
      <span className="stat__icon">{icon}</span>
      <span className="stat__label">{label}</span>
      <span className="stat__value">{value}</span>
    </Link>
  );
}

/** The staff's overview: the live floor, the payments waiting for approval, the numbers. */
export function DashboardPage() {
  const { t } = useTranslation();
  const users = useUsers({ page: 1 });
  // on a phone there is no side navigation: the sections are listed here
  const sections = [
    { to: pathTo('admin.users'), label: t('admin.users.title'), icon: <UsersIcon /> },
    { to: pathTo('admin.tables'), label: t('admin.tables.title'), icon: <TableIcon /> },
    { to: pathTo('admin.orders'), label: t('admin.orders.title'), icon: <ReceiptIcon /> },
    { to: pathTo('admin.products'), label: t('admin.products.title'), icon: <BoxIcon /> },
    { to: pathTo('admin.subscriptions'), label: t('admin.subscriptions.title'), icon: <ClockIcon /> },
    { to: pathTo('admin.roles'), label: t('admin.roles.title'), icon: <ShieldIcon /> },
    { to: pathTo('admin.pricing'), label: t('admin.pricing.title'), icon: <CoinsIcon /> },
    { to: pathTo('admin.discounts'), label: t('admin.discounts.title'), icon: <PercentIcon /> },
    { to: pathTo('admin.notifications'), label: t('admin.notifications.title'), icon: <MegaphoneIcon /> },
    { to: pathTo('admin.reports'), label: t('reports.title'), icon: <ChartIcon /> },
  ];

  return (
    <Page title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')} wide>
      <div className="stats">
        <Stat
          icon={<UsersIcon />}
          label={t('admin.dashboard.users')}
          value={users.data ? users.data.total : <Spinner />}
          to={pathTo('admin.users')}
        />
        <Stat icon={<TableIcon />} label={t('admin.dashboard.tables_in_use')} value="0" to={pathTo('admin.tables')} />
        <Stat icon={<ReceiptIcon />} label={t('admin.dashboard.to_approve')} value="0" to={pathTo('admin.orders')} />
      </div>
      <Section title={t('admin.dashboard.floor')}>
        <EmptyState
          icon={<TableIcon />}
          title={t('admin.dashboard.floor_empty')}
          text={t('admin.dashboard.floor_empty_text')}
        />
      </Section>
      <Section title={t('admin.dashboard.approvals')}>
        <EmptyState title={t('admin.dashboard.approvals_empty')} />
      </Section>
      <div className="only-narrow">
        <Section title={t('admin.dashboard.sections')}>
          <ul className="menu">
            {sections.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="menu__item">
                  <span className="menu__icon">{item.icon}</span>
                  <span className="menu__text">
                    <span className="menu__label">{item.label}</span>
                  </span>
                  <ChevronRightIcon />
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </Page>
  );
}
