import { Suspense, useEffect } from 'react';
import { matchRoutes, Routes, useNavigate } from 'react-router-dom';
import { setNavigator } from '../lib/navigation.ts';
import { preloads } from './lazy-page.tsx';
import { routeObjects, routes } from './route-table.tsx';
import { ScreenErrorBoundary } from './routes/something-happened.tsx';

export { withinFirstDataWait } from './lazy-page.tsx';

/** Lets the API client navigate (network error, login) through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, options) => void navigate(path, options));
  }, [navigate]);
  return null;
}

/**
 * Loads the code (and texts) of the screen at `pathname`, and the reads its first render
 * shows (at most `FIRST_DATA_MAX_WAIT_MS`); never fails (a failure shows when the screen
 * renders). The app's first render waits for it: a screen that suspends on its first
 * render commits an empty page first. And a screen rendered before its data renders twice:
 * its loading state, then, when the answers come, everything again in one long task.
 */
export function loadScreen(pathname: string): Promise<void> {
  return Promise.all(
    (matchRoutes(routeObjects, pathname) ?? []).map((match) =>
      preloads.get(match.route.element as object)?.(match.params),
    ),
  ).then(() => undefined);
}

/** Loads the code and texts of the screen at `pathname` (not its reads); never fails. */
export function loadScreenCode(pathname: string): Promise<void> {
  return Promise.all(
    (matchRoutes(routeObjects, pathname) ?? []).map((match) => preloads.get(match.route.element as object)?.()),
  ).then(() => undefined);
}

/** The app's screens, inside a router (`ScreenRouter` in the app, `MemoryRouter` in tests). */
export function AppRoutes() {
  // in the app a screen's code is in before the router moves to it (screen-router.tsx, and
  // boot.tsx's first render); the boundary below holds a screen whose code is not (tests)
  return (
    <>
      <NavigatorBridge />
      <ScreenErrorBoundary>
        <Suspense fallback={null}>
          <Routes>{routes}</Routes>
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
