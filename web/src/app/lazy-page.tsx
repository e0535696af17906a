import { type ComponentType, lazy } from 'react';
import type { Params } from 'react-router-dom';
import { loadTextGroups, type TextGroup } from '../lib/i18n.ts';
import { isLoggedIn } from '../lib/session.ts';

/**
 * Starts loading a screen's code, by its route's element (see `AppRoutes`); with the route's
 * params, also the reads its first render shows (see `loadScreen`).
 */
export const preloads = new WeakMap<object, (params?: Params) => Promise<void>>();

/** The reads a screen shows at once, into the query cache: see `loadScreen`. */
type FirstData<M> = (module: M, params: Params) => Promise<unknown>;

/**
 * The longest the first render waits for the screen's first reads once its code is in: a
 * slow API then shows the screen with its loading states.
 */
export const FIRST_DATA_MAX_WAIT_MS = 1_500;

export const withinFirstDataWait = (reads: Promise<unknown>): Promise<void> =>
  Promise.race([reads, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_MAX_WAIT_MS))]).then(
    () => undefined,
    () => undefined,
  );

/**
 * A lazily loaded screen: its code, and the texts only some screens use, are fetched the
 * first time the route is visited.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  texts: TextGroup[] = [],
  firstData?: FirstData<M>,
) {
  let module: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadPage = () => {
    module ??= load();
    loading ??= Promise.all([module, texts.length ? loadTextGroups(texts) : null]).then(([m]) => {
      loaded = pick(m);
      return { default: loaded };
    });
    return loading;
  };
  const Lazy = lazy(loadPage);
  // once loaded (often already while the guards waited), the screen renders at once: React.lazy
  // would still suspend for a moment the first time, blanking the app for a frame
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  const element = <Page />;
  // a failure shows when the screen renders (the error boundary), not as an unhandled rejection here
  preloads.set(element, (params) =>
    loadPage().then(
      // the screens with first data are the player's own: without a login the guard sends to /login
      () =>
        params && firstData && module && isLoggedIn()
          ? module.then((m) => withinFirstDataWait(firstData(m, params)))
          : undefined,
      () => undefined,
    ),
  );
  return element;
}

/** An admin screen: its code and the console's texts (not in the players' download). */
export function adminPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, texts: TextGroup[] = []) {
  return lazyPage(load, pick, ['admin', ...texts]);
}
