import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';

/** The whole app in memory, opened at `path`: where it is now, and a way to navigate. */
export interface RenderedApp {
  readonly path: string;
  navigate: (to: string) => void;
}

export function renderApp(path: string): RenderedApp {
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
  render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return {
    get path() {
      return at.path;
    },
    navigate: (to) => void at.go?.(to),
  };
}
