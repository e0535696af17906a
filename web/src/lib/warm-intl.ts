/**
 * Loads the browser's date and number data (ICU) on a thread of its own while the first
 * screen's code and reads download. The first `Intl` formatter a page builds loads it: 25–35 ms
 * on the page's thread (the TV's clock in the club's time zone, a date on a card). ICU's data
 * is the page's process's, so after a worker has built one formatter the page's first takes
 * about a millisecond. A worker file, not a `blob:` one: registering a blob's URL waits for the
 * browser's own thread, tens of milliseconds while it loads the page. Where no worker starts,
 * the page's first formatter loads the data as before.
 */
export function warmIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module', name: 'intl' });
  } catch {
    // no worker here (a policy, an old browser): the first formatter loads the data itself
  }
}
