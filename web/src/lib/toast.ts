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

/**
 * When each text on screen goes away: one message is one toast, however many requests or
 * handlers report it meanwhile (react-toastify's own ids do not cover a toast still
 * waiting in its queue, nor the same text under two ids).
 */
const showing = new Map<string, number>();

function once(kind: 'success' | 'info' | 'error', text: string, ms: number, show: (toastify: Toastify) => void) {
  const key = `${kind}:${text}`;
  const now = Date.now();
  if ((showing.get(key) ?? 0) > now) return;
  showing.set(key, now + ms);
  withToastify(show);
}

export function notifySuccess(text: string): void {
  once('success', text, TOAST_MS, ({ toast }) => toast.success(text, { autoClose: TOAST_MS }));
}

export function notifyInfo(text: string): void {
  once('info', text, TOAST_MS, ({ toast }) => toast.info(text, { autoClose: TOAST_MS }));
}

/** The error toasts on screen, with when each was sent. */
const errorsShown = new Map<string | number, { key: string; at: number }>();

export function notifyError(text: string, id?: string): void {
  once('error', text, ERROR_TOAST_MS, ({ toast }) => {
    const shown = toast.error(text, {
      autoClose: ERROR_TOAST_MS,
      ...(id ? { toastId: id } : {}),
      onClose: () => errorsShown.delete(shown),
    });
    errorsShown.set(shown, { key: `error:${text}`, at: Date.now() });
  });
}

/** An error sent this long before a navigation belongs to the screen left, not to the move. */
export const ERROR_BELONGS_TO_MOVE_MS = 1000;

/**
 * Takes down the errors about the screen the person leaves: "Fyll inn navn" has no place on the
 * next one. An error sent just before the move (a refusal that sends the person elsewhere)
 * stays to be read where they land; successes stay too, since an action often moves on.
 */
export function dismissErrorsOfLeftScreen(): void {
  if (!toastify || errorsShown.size === 0) return;
  const before = Date.now() - ERROR_BELONGS_TO_MOVE_MS;
  const left = [...errorsShown].filter(([, shown]) => shown.at <= before);
  for (const [id, shown] of left) {
    errorsShown.delete(id);
    showing.delete(shown.key);
  }
  if (left.length)
    void toastify.then(({ toast }) => {
      for (const [id] of left) toast.dismiss(id);
    });
}
