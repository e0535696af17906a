import { useSyncExternalStore } from 'react';
import { readCookie, removeCookie, writeCookie } from './cookie.ts';

/** SPEC §6/§9: the logged-in state is the `token` cookie, one day, path `/`, SameSite Lax. */
export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

const listeners = new Set<() => void>();
/** whether the last login ended because the person logged out (not expired or rejected) */
let loggedOut = false;
/** logins and logouts since the page loaded (see `loginEpoch`) */
let epoch = 0;
function emit() {
  epoch += 1;
  cached = null;
  for (const listener of listeners) listener();
}

/**
 * The token as last read, and when: reading `document.cookie` asks the browser process and
 * takes a few ms, and every component that knows the login reads it on each render (on a
 * slow phone's first screen, dozens of times).
 */
let cached: { token: string | null; at: number } | null = null;
/** how long a read cookie is trusted: an expiry or another tab shows within this */
const TOKEN_READ_TTL_MS = 1_000;

export function getToken(): string | null {
  const now = performance.now();
  if (!cached || now - cached.at > TOKEN_READ_TTL_MS) cached = { token: readCookie(TOKEN_COOKIE), at: now };
  return cached.token;
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

/**
 * Which login this is: 0 for the one the page was opened with, one more at every login and
 * logout. What was asked under another (a read sent before logging in) speaks for that one.
 */
export function loginEpoch(): number {
  return epoch;
}

/** After logging out on purpose, logging in again starts at home, not where the person was. */
export function endedByLogout(): boolean {
  return loggedOut;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const reread = () => {
    cached = null;
    listener();
  };
  // a cookie can also expire or change in another tab: React compares again on focus
  window.addEventListener('focus', reread);
  document.addEventListener('visibilitychange', reread);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', reread);
    document.removeEventListener('visibilitychange', reread);
  };
}

/** The current token; components re-render when logging in or out. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}
