import { Bounce, ToastContainer } from 'react-toastify';
import { TOAST_MS } from '../lib/toast.ts';

/** SPEC §9: top centre, 3000 ms, dark. Its own chunk: it loads with the first toast. */
export function Toasts() {
  return (
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
  );
}
