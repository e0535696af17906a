import './styles/index.css';

/**
 * The app starts in two steps, each a task of its own: React's DOM renderer (half the code
 * before the first render), then the app (boot.tsx). Evaluated in one go, on a slow phone
 * they kept the main thread for one task of ~200 ms (Lighthouse's total blocking time).
 * index.html preloads both with the page (web/plugins/preload-first-screen.ts).
 */
void import('react-dom/client')
  .then(() => new Promise((resolve) => setTimeout(resolve)))
  .then(() => import('./boot.tsx'));
