/**
 * The app's service worker (plugins/pwa.ts: the offline page, the kept assets, push), registered
 * once the first screen is up. Registering at the page's `load` started the worker, its cache
 * and its downloads while a phone was still busy with the first screen's code and reads.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('[pwa] the service worker was not registered', error);
  });
}
