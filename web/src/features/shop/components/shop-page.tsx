import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CartIcon, ShopIcon } from '../../../components/icons.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

/** The kiosk shop: snacks, drinks and prepaid hours. Products arrive with the shop issue. */
export function ShopPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('shop.title')}
      subtitle={t('shop.subtitle')}
      actions={
        <Link to={pathTo('cart')} className="button button--secondary button--icon-text">
          <CartIcon />
          <span>{t('cart.title')}</span>
        </Link>
      }
    >
      <Section title={t('shop.subscriptions')}>
        <EmptyState title={t('shop.subscriptions_empty')} text={t('shop.subscriptions_empty_text')} />
      </Section>
      <Section title={t('shop.products')}>
        <EmptyState icon={<ShopIcon />} title={t('shop.empty')} text={t('shop.empty_text')} />
      </Section>
    </Page>
  );
}
