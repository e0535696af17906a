import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

/** Orders waiting for payment (after a game, or pay later). */
export function WaitingOrdersPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('orders.waiting_title')}
      subtitle={t('orders.waiting_subtitle')}
      back={{ to: pathTo('profile'), label: t('nav.profile') }}
    >
      <EmptyState icon={<CheckIcon />} title={t('orders.waiting_empty')} text={t('orders.waiting_empty_text')} />
    </Page>
  );
}
