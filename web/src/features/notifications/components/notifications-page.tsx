import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notifications.title')}>
      <EmptyState icon={<BellIcon />} title={t('notifications.empty')} text={t('notifications.empty_text')} />
    </Page>
  );
}
