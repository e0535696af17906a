import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LiveSession } from '../../features/live/components/live-session.tsx';
import { dismissErrorsOfLeftScreen, useToastsWanted } from '../../lib/toast.ts';
import { useScrollRestoration } from '../scroll-restoration.tsx';

const Toasts = lazy(() => import('../../components/toasts.tsx').then((m) => ({ default: m.Toasts })));

/**
 * Around every screen: the toasts (from the first one on; a screen's errors go with it) and
 * scroll restoration.
 */
export function RootLayout() {
  const toasts = useToastsWanted();
  const { pathname } = useLocation();
  const screen = useRef(pathname);
  useEffect(() => {
    if (screen.current === pathname) return;
    screen.current = pathname;
    dismissErrorsOfLeftScreen();
  }, [pathname]);
  useScrollRestoration();
  return (
    <>
      <Outlet />
      <LiveSession />
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
