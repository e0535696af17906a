import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (vite-plugin-pwa 2, which supports Vite 8): the manifest and icons, and a
 * service worker that keeps the built assets for a quick start and shows an offline page only
 * when a page cannot be fetched at all. Every page is asked of the network first, so a live page
 * is never an old copy; the API and the socket are never touched. Push messages are shown by
 * `public/push-sw.js`, which the worker imports. The app registers the worker itself, after the
 * first screen (src/lib/service-worker.ts).
 */
export const pwa = () =>
  VitePWA({
    registerType: 'autoUpdate',
    // registered by the app once the first screen is up (src/lib/service-worker.ts)
    injectRegister: false,
    includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'offline.html', 'offline.css', 'offline.js'],
    manifest: {
      name: 'Cue Club',
      short_name: 'Cue Club',
      description: 'Biljardklubben: bord, spill, betaling og venteliste',
      lang: 'nb',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#0c1410',
      theme_color: '#0f1713',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // screens: network only, the offline page when there is no network
      navigateFallback: null,
      // only what the offline page needs up front: a phone installing the app downloads no more
      globPatterns: ['offline.{html,css,js}', 'favicon.svg', 'icon-192.png'],
      importScripts: ['/push-sw.js'],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // written into sw.js as it stands: the paths the server answers itself, live, are left alone
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            !/^\/(v1|socket\.io|realtime|vipps-sim|stripe-sim|metrics|health|ready)(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
        {
          // built assets carry their content's hash in the name: a kept copy is never stale
          urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 } },
        },
      ],
    },
  });
