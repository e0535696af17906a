import { pathTo } from '@club/shared/routes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { AlertIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { captureException } from '../../lib/sentry.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { NotFoundPage } from './not-found.tsx';

/** The generic page: 'Something happened.' with a Go back link to `/`. */
export function SomethingHappened() {
  const { t } = useTranslation();
  return (
    <Page title={t('error.internal')}>
      <div className="state state--empty">
        <div className="state__icon">
          <AlertIcon />
        </div>
        <p className="state__text">{t('pages.something.text')}</p>
        <Link to={pathTo('home')} className="button button--primary">
          {t('pages.go_back')}
        </Link>
      </div>
    </Page>
  );
}

/** The router's error boundary: reports the error and shows the generic page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (notFound) return;
    console.error('[app] a screen failed', error);
    captureException(error);
  }, [error, notFound]);
  return <PublicLayout>{notFound ? <NotFoundPage /> : <SomethingHappened />}</PublicLayout>;
}
