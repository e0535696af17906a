import { LOGGED_IN_COOKIE, SESSION_COOKIE } from '@club/shared/session';
import { BASE_URL } from './env.ts';

/**
 * The cookies a login leaves in a browser (shared/session.ts), for a session logged in through
 * the API: the token, HttpOnly as the kiosk sets it, and `logged_in`, which tells the web app.
 */
export function sessionCookies(token: string, url = BASE_URL) {
  return [
    { name: SESSION_COOKIE, value: token, url, sameSite: 'Lax' as const, httpOnly: true },
    { name: LOGGED_IN_COOKIE, value: '1', url, sameSite: 'Lax' as const },
  ];
}
