import { useSyncExternalStore } from 'react';

/** SPEC §9: toasts close after 3000 ms; error-message toasts stay 5000 ms. */
export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

type Toastify = typeof import('react-toastify');

// react-toastify loads with the first toast, not before the first render; toasts sent
// before its container mounts wait in its own queue
let toastify: Promise<Toastify> | null = null;
const listeners = new Set<() => void>();

function withToastify(show: (toastify: Toastify) => void): void {
  if (!toastify) {
    toastify = import('react-toastify');
    for (const listener of listeners) listener();
  }
  toastify.then(show, (error: unknown) => console.error('[toast] could not load the toasts', error));
}

/** Whether a toast was ever sent: the container is rendered from then on (root layout). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toastify !== null,
  );
}

export function notifySuccess(text: string): void {
  withToastify(({ toast }) => toast.success(text, { autoClose: TOAST_MS }));
}

export function notifyInfo(text: string): void {
  withToastify(({ toast }) => toast.info(text, { autoClose: TOAST_MS }));
}

export function notifyError(text: string, id?: string): void {
  withToastify(({ toast }) => toast.error(text, { autoClose: ERROR_TOAST_MS, ...(id ? { toastId: id } : {}) }));
}
