/**
 * The app's start (main.tsx loads it): the theme, the profile's read, and the first render.
 */
import { ROUTES } from '@club/shared/routes';
import { notifyManager } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadScreen, withinFirstDataWait } from './app/router.tsx';
import { browserHistory } from './app/screen-router.tsx';
import { scrollPositions } from './app/scroll-restoration.tsx';
import { profileQueryOptions } from './lib/auth.ts';
import { afterFirstScreen, drawFirstScreenInTurns, firstScreenRendered } from './lib/first-screen.ts';
import { i18nReady } from './lib/i18n.ts';
import { reloadForNewVersion } from './lib/new-version.ts';
import { queryClient } from './lib/query-client.ts';
import { initSentry } from './lib/sentry.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { isLoggedIn } from './lib/session.ts';
import { applyTheme } from './lib/theme.ts';

applyTheme();
void initSentry();
reloadForNewVersion({ target: window, reload: () => window.location.reload(), storage: window.sessionStorage });
// the screens draw the cache's changes once a frame: in a busy club the live events come many a
// second, each in a task of its own, and each drew its screen again (a hidden tab draws nothing)
notifyManager.setScheduler(requestAnimationFrame);
void afterFirstScreen(queryClient).then(registerServiceWorker);
// every guarded screen waits for the profile: ask for it while the screen's code loads
// (the wall TV is outside the guard and needs no one's profile)
const profile =
  isLoggedIn() && window.location.pathname !== ROUTES.tv
    ? withinFirstDataWait(queryClient.prefetchQuery(profileQueryOptions()))
    : null;

/** Tells lib/first-screen.ts that the first render is committed. */
function FirstRender() {
  useEffect(firstScreenRendered, []);
  return null;
}

// the browser's slow first calls that the first render makes, each in a task of its own while
// the screen's code and data download: the history's first entry, the stored scroll positions
setTimeout(browserHistory);
setTimeout(scrollPositions);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// each language's texts are a chunk of their own: the first render waits for the stored one,
// for the code of the screen on view and for what it shows at once, the profile included
// (see loadScreen: no empty frame, no held-back screen, no second render when the answers
// come).
void Promise.all([i18nReady, loadScreen(window.location.pathname), profile]).then(() => {
  drawFirstScreenInTurns();
  createRoot(root).render(
    <StrictMode>
      <App />
      <FirstRender />
    </StrictMode>,
  );
});
