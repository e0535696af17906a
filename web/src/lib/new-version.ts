/** A reload for a missing chunk is not tried again sooner than this: a chunk truly gone would loop. */
const RETRY_AFTER_MS = 30_000;
const KEY = 'club.reloaded-for-new-version';

/**
 * After the club's app is updated, a phone still showing the earlier version asks for screens'
 * code by names the new build no longer has: the import fails (Vite's `vite:preloadError`) and
 * the screen would fall to the generic error page. The page is loaded again instead, once, and
 * comes up as the new version on the screen the person was going to.
 */
export function reloadForNewVersion(options: {
  target: EventTarget;
  reload: () => void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
}): void {
  const now = options.now ?? Date.now;
  options.target.addEventListener('vite:preloadError', () => {
    const last = Number(options.storage.getItem(KEY) ?? 0);
    if (now() - last < RETRY_AFTER_MS) return;
    options.storage.setItem(KEY, String(now()));
    options.reload();
  });
}
