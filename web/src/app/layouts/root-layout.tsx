import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Bounce, ToastContainer } from 'react-toastify';
import { LiveSession } from '../../features/live/components/live-session.tsx';
import { TOAST_MS } from '../../lib/toast.ts';

/** Around every screen: the toasts (SPEC §9: top centre, 3000 ms, dark) and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <LiveSession />
      <ToastContainer
        position="top-center"
        autoClose={TOAST_MS}
        theme="dark"
        transition={Bounce}
        newestOnTop
        closeOnClick
        pauseOnFocusLoss
        limit={4}
      />
      <ScrollRestoration />
    </>
  );
}
