import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BoxIcon,
  BulbIcon,
  CardIcon,
  ChartIcon,
  ClockIcon,
  CoinsIcon,
  DoorIcon,
  MegaphoneIcon,
  PercentIcon,
  ReceiptIcon,
  ShieldIcon,
  TableIcon,
  UsersIcon,
} from './icons.tsx';

export interface AdminSection {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The staff's sections, in the order the side navigation and the dashboard list them. */
export function useAdminSections(): AdminSection[] {
  const { t } = useTranslation();
  return [
    { to: pathTo('admin.users'), label: t('admin.users.title'), icon: <UsersIcon /> },
    { to: pathTo('admin.tables'), label: t('admin.tables.title'), icon: <TableIcon /> },
    { to: pathTo('admin.reservations'), label: t('booking.admin_title'), icon: <ClockIcon /> },
    { to: pathTo('admin.openingHours'), label: t('booking.hours_title'), icon: <ClockIcon /> },
    { to: pathTo('admin.orders'), label: t('admin.orders.title'), icon: <ReceiptIcon /> },
    { to: pathTo('admin.products'), label: t('admin.products.title'), icon: <BoxIcon /> },
    { to: pathTo('admin.subscriptions'), label: t('admin.subscriptions.title'), icon: <ClockIcon /> },
    { to: pathTo('admin.roles'), label: t('admin.roles.title'), icon: <ShieldIcon /> },
    { to: pathTo('admin.pricing'), label: t('admin.pricing.title'), icon: <CoinsIcon /> },
    { to: pathTo('admin.discounts'), label: t('admin.discounts.title'), icon: <PercentIcon /> },
    { to: pathTo('admin.notifications'), label: t('admin.notifications.title'), icon: <MegaphoneIcon /> },
    { to: pathTo('admin.reports'), label: t('reports.title'), icon: <ChartIcon /> },
    { to: pathTo('admin.cash'), label: t('admin.cash.title'), icon: <CoinsIcon /> },
    { to: pathTo('admin.counter'), label: t('admin.counter.title'), icon: <CardIcon /> },
    { to: pathTo('admin.club'), label: t('admin.club.title'), icon: <ReceiptIcon /> },
    { to: pathTo('admin.devices'), label: t('lights.nav.devices'), icon: <BulbIcon /> },
    { to: pathTo('admin.doorLog'), label: t('lights.nav.door_log'), icon: <DoorIcon /> },
  ];
}
