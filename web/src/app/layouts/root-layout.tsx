import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LiveSession } from '../../features/live/components/live-session.tsx';
import { useToastsWanted } from '../../lib/toast.ts';
import { useScrollRestoration } from '../scroll-restoration.tsx';

const Toasts = lazy(() => import('../../components/toasts.tsx').then((m) => ({ default: m.Toasts })));

/** Around every screen: the toasts (from the first one on) and scroll restoration. */
export function RootLayout() {
  const toasts = useToastsWanted();
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
