import { QueryClientProvider } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LiveProvider } from '../features/live/lib/live-context.tsx';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { captureException } from '../lib/sentry.ts';

/**
 * The last line of defence around the whole app, for failures outside the router's own
 * boundary. It cannot rely on the router, so it links with a plain anchor.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[app] the app failed', error, info.componentStack);
    captureException(error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="main main--public">
        <div className="page">
          <div className="state state--empty" role="alert">
            <p className="state__title">{i18n.t('error.internal')}</p>
            <a className="button button--primary" href="/">
              {i18n.t('pages.go_back')}
            </a>
          </div>
        </div>
      </main>
    );
  }
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <LiveProvider>{children}</LiveProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </AppErrorBoundary>
  );
}
