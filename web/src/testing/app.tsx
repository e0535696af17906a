import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type NavigateFunction,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes, loadScreenCode } from '../app/router.tsx';
import { ScreenRouter } from '../app/screen-router.tsx';

/**
 * The whole app in memory, opened at `path` as the app opens (its screen's code first, then
 * the router that moves to a screen once its code is in): where it is now, and a way to navigate.
 */
export interface RenderedApp {
  readonly path: string;
  navigate: (to: string) => void;
}

export async function renderApp(path: string): Promise<RenderedApp> {
  const at = { path, go: null as NavigateFunction | null };
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      at.path = location.pathname;
      at.go = navigate;
    });
    return null;
  }
  await loadScreenCode(path);
  render(
    <AppProvider>
      <ScreenRouter history={createMemoryHistory({ initialEntries: [path], v5Compat: true })}>
        <Probe />
        <AppRoutes />
      </ScreenRouter>
    </AppProvider>,
  );
  return {
    get path() {
      return at.path;
    },
    navigate: (to) => void at.go?.(to),
  };
}
