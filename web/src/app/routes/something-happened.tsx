import { pathTo } from '@club/shared/routes';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AlertIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { captureException } from '../../lib/sentry.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

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

interface BoundaryProps {
  children: ReactNode;
  /** the location's key: a new screen gets a new chance */
  at: string;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; at: string }> {
  override state = { failed: false, at: this.props.at };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { at: string }) {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override componentDidCatch(error: Error): void {
    console.error('[app] a screen failed', error);
    captureException(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <PublicLayout>
        <SomethingHappened />
      </PublicLayout>
    );
  }
}

/** Around the screens: a failing one (or its code failing to load) shows the generic page, until the next navigation. */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary at={key}>{children}</Boundary>;
}
