import { createApiClient } from './api-client.ts';
import { i18n } from './i18n.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { clearToken, getToken } from './session.ts';
import { notifyError } from './toast.ts';

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
  translate: (key, values) => i18n.t(key, values),
  log(message, detail) {
    console.error(`[api] ${message}`, detail);
  },
});
