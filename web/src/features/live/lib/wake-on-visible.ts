import type { LiveClientOptions } from './live-client-types.ts';

/** a tab hidden at least this long syncs when it comes back (a phone's screen was off) */
const WAKE_AFTER_MS = 2_000;

/**
 * Calls `onWake` when the page shows again after sleeping (hidden for a while): what arrived
 * meanwhile may be lost. Answers the function that stops watching.
 */
export function onWake(visibility: LiveClientOptions['visibility'], wake: () => void): () => void {
  if (!visibility) return () => undefined;
  let hiddenAt: number | null = null;
  function changed() {
    if (visibility!.visibilityState === 'hidden') {
      hiddenAt = Date.now();
      return;
    }
    const slept = hiddenAt !== null && Date.now() - hiddenAt >= WAKE_AFTER_MS;
    hiddenAt = null;
    if (slept) wake();
  }
  visibility.addEventListener('visibilitychange', changed);
  return () => visibility.removeEventListener('visibilitychange', changed);
}
