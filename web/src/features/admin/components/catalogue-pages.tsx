import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  BoxIcon,
  ClockIcon,
  CoinsIcon,
  MegaphoneIcon,
  PercentIcon,
  QrIcon,
  ReceiptIcon,
  ShieldIcon,
  TableIcon,
} from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

/**
 * The admin screens whose calls arrive with later issues: each has its title, what it is
 * for, and the empty state it shows until there is something to manage.
 */
function Shell({
  title,
  subtitle,
  icon,
  empty,
  emptyText,
  back,
}: {
  title: string;
  subtitle: string;
  icon: ReactNode;
  empty: string;
  emptyText: string;
  back?: { to: string; label: string };
}) {
  return (
    <Page title={title} subtitle={subtitle} wide {...(back ? { back } : {})}>
      <EmptyState icon={icon} title={empty} text={emptyText} />
    </Page>
  );
}

function useId(): string {
  return useParams().id ?? '';
}

export function TablesAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.tables.title')}
      subtitle={t('admin.tables.subtitle')}
      icon={<TableIcon />}
      empty={t('admin.tables.empty')}
      emptyText={t('admin.tables.empty_text')}
    />
  );
}

export function TableAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.tables.one', { id: useId() })}
      subtitle={t('admin.tables.one_subtitle')}
      icon={<QrIcon />}
      empty={t('admin.tables.one_empty')}
      emptyText={t('admin.tables.one_empty_text')}
      back={{ to: pathTo('admin.tables'), label: t('admin.tables.title') }}
    />
  );
}

export function RolesAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.roles.title')}
      subtitle={t('admin.roles.subtitle')}
      icon={<ShieldIcon />}
      empty={t('admin.roles.empty')}
      emptyText={t('admin.roles.empty_text')}
    />
  );
}

export function RoleAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.roles.one', { id: useId() })}
      subtitle={t('admin.roles.subtitle')}
      icon={<ShieldIcon />}
      empty={t('admin.roles.one_empty')}
      emptyText={t('admin.roles.empty_text')}
      back={{ to: pathTo('admin.roles'), label: t('admin.roles.title') }}
    />
  );
}

export function ProductsAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.products.title')}
      subtitle={t('admin.products.subtitle')}
      icon={<BoxIcon />}
      empty={t('admin.products.empty')}
      emptyText={t('admin.products.empty_text')}
    />
  );
}

export function ProductAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.products.one', { id: useId() })}
      subtitle={t('admin.products.subtitle')}
      icon={<BoxIcon />}
      empty={t('admin.products.one_empty')}
      emptyText={t('admin.products.empty_text')}
      back={{ to: pathTo('admin.products'), label: t('admin.products.title') }}
    />
  );
}

export function PricingAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.pricing.title')}
      subtitle={t('admin.pricing.subtitle')}
      icon={<CoinsIcon />}
      empty={t('admin.pricing.empty')}
      emptyText={t('admin.pricing.empty_text')}
    />
  );
}

export function PricingEditAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.pricing.one', { id: useId() })}
      subtitle={t('admin.pricing.subtitle')}
      icon={<CoinsIcon />}
      empty={t('admin.pricing.one_empty')}
      emptyText={t('admin.pricing.empty_text')}
      back={{ to: pathTo('admin.pricing'), label: t('admin.pricing.title') }}
    />
  );
}

export function SubscriptionsAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.subscriptions.title')}
      subtitle={t('admin.subscriptions.subtitle')}
      icon={<ClockIcon />}
      empty={t('admin.subscriptions.empty')}
      emptyText={t('admin.subscriptions.empty_text')}
    />
  );
}

export function SubscriptionAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.subscriptions.one', { id: useId() })}
      subtitle={t('admin.subscriptions.subtitle')}
      icon={<ClockIcon />}
      empty={t('admin.subscriptions.one_empty')}
      emptyText={t('admin.subscriptions.empty_text')}
      back={{ to: pathTo('admin.subscriptions'), label: t('admin.subscriptions.title') }}
    />
  );
}

export function OrdersAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.orders.title')}
      subtitle={t('admin.orders.subtitle')}
      icon={<ReceiptIcon />}
      empty={t('admin.orders.empty')}
      emptyText={t('admin.orders.empty_text')}
    />
  );
}

export function OrderAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.orders.one', { id: useId() })}
      subtitle={t('admin.orders.one_subtitle')}
      icon={<ReceiptIcon />}
      empty={t('admin.orders.one_empty')}
      emptyText={t('admin.orders.empty_text')}
      back={{ to: pathTo('admin.orders'), label: t('admin.orders.title') }}
    />
  );
}

export function DiscountsAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.discounts.title')}
      subtitle={t('admin.discounts.subtitle')}
      icon={<PercentIcon />}
      empty={t('admin.discounts.empty')}
      emptyText={t('admin.discounts.empty_text')}
    />
  );
}

export function NotificationsAdminPage() {
  const { t } = useTranslation();
  return (
    <Shell
      title={t('admin.notifications.title')}
      subtitle={t('admin.notifications.subtitle')}
      icon={<MegaphoneIcon />}
      empty={t('admin.notifications.empty')}
      emptyText={t('admin.notifications.empty_text')}
    />
  );
}
