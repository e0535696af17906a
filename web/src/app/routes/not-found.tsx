import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Page } from '../../components/page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.not_found.title')}>
      <div className="state state--empty">
        <p className="big-number" aria-hidden="true">
          404
        </p>
        <p className="state__text">{t('pages.not_found.text')}</p>
        <Link to={pathTo('home')} className="button button--primary">
          {t('pages.go_home')}
        </Link>
      </div>
    </Page>
  );
}
