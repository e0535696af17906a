import { Suspense, useContext, useEffect, useMemo } from 'react';
import {
  UNSAFE_NavigationContext as NavigationContext,
  renderMatches,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { setNavigator } from '../lib/navigation.ts';
import { preloads } from './lazy-page.tsx';
import { createRouteMatcher, matchesToRender } from './route-match.ts';
import { routeObjects } from './route-table.tsx';
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

const matchScreen = createRouteMatcher(routeObjects);

/** The preloads of the routes at `pathname`: its code and texts, and with `reads` its first reads. */
function preloadRoutes(pathname: string, reads: boolean): Promise<void> {
  const matches = matchScreen(pathname) ?? [];
  return Promise.all(
    matches.map(({ route: { element }, params }) =>
      typeof element === 'object' && element !== null ? preloads.get(element)?.(reads ? params : undefined) : undefined,
    ),
  ).then(() => undefined);
}

/**
 * Loads the code (and texts) of the screen at `pathname`, and the reads its first render
 * shows (at most `FIRST_DATA_MAX_WAIT_MS`); never fails (a failure shows when the screen
 * renders). The app's first render waits for it: a screen that suspends on its first
 * render commits an empty page first. And a screen rendered before its data renders twice:
 * its loading state, then, when the answers come, everything again in one long task.
 */
export const loadScreen = (pathname: string): Promise<void> => preloadRoutes(pathname, true);

/** Loads the code and texts of the screen at `pathname` (not its reads); never fails. */
export const loadScreenCode = (pathname: string): Promise<void> => preloadRoutes(pathname, false);

/** What `<Routes>` renders, with the route table flattened once (route-match.ts). */
function Screens() {
  const { pathname } = useLocation();
  const { navigator } = useContext(NavigationContext);
  const matches = useMemo(() => matchesToRender(matchScreen(pathname), navigator), [pathname, navigator]);
  return renderMatches(matches);
}

/** The app's screens, inside a router (`ScreenRouter`; `MemoryRouter` in a test of one screen). */
export function AppRoutes() {
  // a screen's code is in before `ScreenRouter` moves to it (and before boot.tsx's first
  // render): the boundary below holds a screen only under another router
  return (
    <>
      <NavigatorBridge />
      <ScreenErrorBoundary>
        <Suspense fallback={null}>
          <Screens />
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
