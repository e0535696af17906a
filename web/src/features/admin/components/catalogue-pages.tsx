import { pathTo } from '@club/shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BoxIcon, ClockIcon, QrIcon, ReceiptIcon, TableIcon } from '../../../components/icons.tsx';
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
