import { createApiClient } from './api-client.ts';
import { i18n } from './i18n.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { clearToken, getToken } from './session.ts';
import { notifyError } from './toast.ts';

declare global {
  interface Window {
    /** the first screen's API reads, started by index.html's preload script (vite.config.ts) */
    __firstReads?: { at: number; reads: Record<string, Promise<Response> | undefined> };
  }
}

/** An early read older than this is not used: the screen asks again for fresh data. */
const FIRST_READ_FRESH_MS = 10_000;

function firstRead(url: string): Promise<Response> | undefined {
  const first = window.__firstReads;
  if (!first || performance.now() - first.at > FIRST_READ_FRESH_MS) return undefined;
  const read = first.reads[url];
  delete first.reads[url];
  return read;
}

/** The app's API client, wired to the cookie, the router, toasts and i18n. */
export const api = createApiClient({
  getToken,
  clearSession() {
    clearToken();
    queryClient.clear();
  },
  navigate: navigateTo,
  currentPath,
  notifyError,
  firstRead,
  translate: (key, values) => i18n.t(key, values),
  log(message, detail) {
    console.error(`[api] ${message}`, detail);
  },
});
