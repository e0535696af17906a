import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CartIcon } from '../../../components/icons.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState } from '../../../components/states.tsx';

export function CartPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('cart.title')} back={{ to: pathTo('shop'), label: t('nav.shop') }}>
      <EmptyState
        icon={<CartIcon />}
        title={t('cart.empty')}
        text={t('cart.empty_text')}
        action={
          <Link to={pathTo('shop')} className="button button--primary">
            {t('cart.to_shop')}
          </Link>
        }
      />
    </Page>
  );
}
