import { useSyncExternalStore } from 'react';
import { readCookie, removeCookie, writeCookie } from './cookie.ts';

/** SPEC §6/§9: the logged-in state is the `token` cookie, one day, path `/`, SameSite Lax. */
export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

const listeners = new Set<() => void>();
/** whether the last login ended because the person logged out (not expired or rejected) */
let loggedOut = false;
function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  loggedOut = false;
  writeCookie(TOKEN_COOKIE, token, { maxAge: TOKEN_MAX_AGE_SECONDS, path: '/' });
  emit();
}

export function clearToken(reason: 'logout' | 'invalid' = 'invalid'): void {
  loggedOut = reason === 'logout';
  removeCookie(TOKEN_COOKIE, '/');
  emit();
}

/** After logging out on purpose, logging in again starts at home, not where the person was. */
export function endedByLogout(): boolean {
  return loggedOut;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // a cookie can also expire or change in another tab: React compares again on focus
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

/** The current token; components re-render when logging in or out. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}
