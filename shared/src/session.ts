/**
 * The login in a browser (SPEC §6, §9; DESIGN §4): the session token lives in the `token`
 * cookie, which the kiosk sets `HttpOnly`, so no script can read it, and a second cookie,
 * `logged_in`, tells the web app (and its first-screen script) that there is a login to
 * use, without holding anything that opens it. Both live as long as the session.
 */
export const SESSION_COOKIE = 'token';
export const LOGGED_IN_COOKIE = 'logged_in';
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/** What a session token looks like (`newToken`): anything else is not even looked up. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;
