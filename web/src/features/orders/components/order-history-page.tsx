import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ReceiptIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

/** Paid and closed orders. The order calls arrive with the orders issue; until then: none. */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('orders.history_title')} back={{ to: pathTo('profile'), label: t('nav.profile') }}>
      <EmptyState
        icon={<ReceiptIcon />}
        title={t('orders.history_empty')}
        text={t('orders.history_empty_text')}
        action={
          <Link to={pathTo('shop')} className="button button--secondary">
            {t('nav.shop')}
          </Link>
        }
      />
    </Page>
  );
}
