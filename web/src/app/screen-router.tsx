import { type ReactNode, useLayoutEffect, useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from 'react-router-dom';
import { loadScreenCode } from './router.tsx';

type History = ReturnType<typeof createBrowserHistory>;

let tabHistory: History | undefined;
/**
 * The tab's history, made once. Its making writes the entry's index into the browser's state
 * (`history.replaceState`), 10 ms on a busy phone: boot.tsx makes it while the first screen's
 * code and data download, not in the first render.
 */
export function browserHistory(): History {
  tabHistory ??= createBrowserHistory({ window, v5Compat: true });
  return tabHistory;
}

/**
 * React Router's `BrowserRouter`, except that a move to another screen takes effect once that
 * screen's code and texts are in: the current screen stays up meanwhile, never an empty page.
 * (BrowserRouter moves in a React transition for this; Preact renders a transition at once, so
 * the Suspense boundary above the routes would blank the whole app while the code loads.)
 * `history`: the browser's by default; the tests hand it one in memory.
 */
export function ScreenRouter({ children, history: given }: { children: ReactNode; history?: History }) {
  const [history] = useState(() => given ?? browserHistory());
  const [state, setState] = useState({ action: history.action, location: history.location });

  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const move = ++latest;
      // a later move wins over one whose code is still loading
      void loadScreenCode(location.pathname).then(() => {
        if (move === latest) setState({ action, location });
      });
    });
  }, [history]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
