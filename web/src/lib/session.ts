import { LOGGED_IN_COOKIE } from '@club/shared/session';
import { useSyncExternalStore } from 'react';
import { readCookie, removeCookie } from './cookie.ts';

/**
 * Whether this browser has a login (SPEC §6, §9; DESIGN §4). The session token itself is the
 * kiosk's HttpOnly `token` cookie: no script here can read it, and every call carries it by
 * itself. What the app reads is the `logged_in` cookie the kiosk sets beside it, for as long,
 * which holds nothing that opens the session. When the kiosk refuses the session (expired,
 * revoked), its answer clears both; the app also drops `logged_in` at once.
 */

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
 * The answer as last read, and when: reading `document.cookie` asks the browser process and
 * takes a few ms, and every component that knows the login reads it on each render (on a
 * slow phone's first screen, dozens of times).
 */
let cached: { loggedIn: boolean; at: number } | null = null;
/** how long a read cookie is trusted: an expiry or another tab shows within this */
const COOKIE_READ_TTL_MS = 1_000;

export function isLoggedIn(): boolean {
  const now = performance.now();
  if (!cached || now - cached.at > COOKIE_READ_TTL_MS)
    cached = { loggedIn: readCookie(LOGGED_IN_COOKIE) !== null, at: now };
  return cached.loggedIn;
}

/** The kiosk answered a login: its cookies are in place. */
export function noteLogin(): void {
  loggedOut = false;
  emit();
}

/** The login is over (logged out, or refused by the kiosk). */
export function endLogin(reason: 'logout' | 'invalid' = 'invalid'): void {
  loggedOut = reason === 'logout';
  removeCookie(LOGGED_IN_COOKIE, '/');
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

/** Which login this is (`loginEpoch`); components re-render when logging in or out. */
export function useLoginEpoch(): number {
  return useSyncExternalStore(subscribe, loginEpoch);
}

/** Whether there is a login; components re-render when logging in or out. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn);
}
