import { ROUTES } from '@club/shared/routes';
import { render } from '@testing-library/react';
import { type ReactNode, useContext } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  createRoutesFromElements,
  matchRoutes,
  UNSAFE_NavigationContext as NavigationContext,
  Outlet,
  Route,
  Router,
  renderMatches,
  useLocation,
  useParams,
  useResolvedPath,
  useRoutes,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createRouteMatcher, matchesToRender } from './route-match.ts';
import { routeObjects } from './route-table.tsx';

const odd = [
  '/table/%C3%A5',
  '/table/a%2Fb',
  '/table/%E0%A4%A',
  '/TABLE/3/',
  '/table/3//',
  '/nope',
  '/admin/nope/deeper',
  '/profile/account/extra',
  '/',
];

describe('the route matcher', () => {
  const match = createRouteMatcher(routeObjects);
  const paths = [...Object.values(ROUTES).map((path) => path.replace(/:(\w+)/g, '7')), ...odd];

  it.each(paths)('finds what React Router finds at %s', (path) => {
    const theirs = matchRoutes(routeObjects, path);
    const ours = match(path);
    expect(ours).toEqual(theirs);
    // the same route objects, not look-alikes: each element is the key of its screen's preload
    for (const [i, found] of (ours ?? []).entries()) expect(found.route).toBe(theirs?.[i]?.route);
  });
});

/** What a screen reads of its match: its parameters and the paths it resolves relative links against. */
function Probe() {
  const params = useParams();
  const here = useResolvedPath('.');
  const up = useResolvedPath('..');
  return (
    <>
      <output>{JSON.stringify({ params, here: here.pathname, up: up.pathname, at: useLocation().pathname })}</output>
      <Outlet />
    </>
  );
}

const probeRoutes = createRoutesFromElements(
  <Route element={<Probe />}>
    <Route element={<Probe />}>
      <Route path="/table/:id" element={<Probe />} />
      <Route path="/admin/orders/:id" element={<Probe />} />
      <Route path="/" element={<Probe />} />
    </Route>
    <Route path="*" element={<Probe />} />
  </Route>,
);

function Theirs() {
  return useRoutes(probeRoutes);
}

function Matched() {
  const { navigator } = useContext(NavigationContext);
  return renderMatches(matchesToRender(createRouteMatcher(probeRoutes)(useLocation().pathname), navigator));
}

describe('the screens rendered from the matcher', () => {
  it.each(odd)('read the same match as under <Routes> at %s', (path) => {
    window.history.replaceState(null, '', path);
    const shown = (routes: ReactNode) => {
      const history = createBrowserHistory({ window });
      const { container, unmount } = render(
        <Router location={history.location} navigator={history}>
          {routes}
        </Router>,
      );
      const text = [...container.querySelectorAll('output')].map((o) => o.textContent);
      unmount();
      return text;
    };
    const theirs = shown(<Theirs />);
    expect(theirs.length).toBeGreaterThan(1);
    expect(shown(<Matched />)).toEqual(theirs);
  });
});
