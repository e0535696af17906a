import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

/**
 * The browser's login against the real server: the session token only in an HttpOnly
 * cookie, taken on every call in place of a bearer header, from the club's own pages only.
 */
const CLUB = 'http://club.test';
let k: TestKiosk;

beforeAll(async () => {
  k = await startTestKiosk();
});
afterAll(async () => {
  await k?.close();
});

type Sent = { method?: string; headers?: Record<string, string>; body?: string };
const send = (kiosk: TestKiosk, path: string, o: Sent = {}) =>
  fetch(`${kiosk.url}${path}`, { method: o.method ?? 'GET', headers: o.headers ?? {}, body: o.body ?? null });

/** The `Set-Cookie` lines of an answer, by cookie name. */
function cookiesOf(response: Response): Map<string, string> {
  return new Map(response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));
}
const cookieValue = (line: string | undefined) => line?.split(';')[0]?.split('=')[1] ?? '';
const attributes = (line: string | undefined) =>
  (line ?? '')
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

/** Logs in as a browser does (a POST from the club's page carries its `Origin`). */
async function browserLogin(kiosk: TestKiosk, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await send(kiosk, '/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: CLUB, 'sec-fetch-site': 'same-origin', ...headers },
    body: JSON.stringify({ email, password }),
  });
  const cookies = cookiesOf(response);
  return { response, body: (await response.json()) as Record<string, unknown>, cookies };
}

describe('the session cookie', () => {
  it('a browser’s login sets the token HttpOnly, SameSite=Lax, for a day, and never answers it to the page', async () => {
    const { response, body, cookies } = await browserLogin(k, ADMIN.email, ADMIN.password);
    expect(response.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body).not.toHaveProperty('token');
    const token = cookies.get('token');
    expect(cookieValue(token)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(attributes(token)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'max-age=86400']));
    // served over plain http here: a Secure cookie would never come back
    expect(attributes(token)).not.toContain('secure');
    // the web app's sign of a login: readable, and nothing that opens the session
    const loggedIn = cookies.get('logged_in');
    expect(cookieValue(loggedIn)).toBe('1');
    expect(attributes(loggedIn)).toEqual(expect.arrayContaining(['samesite=lax', 'path=/', 'max-age=86400']));
    expect(attributes(loggedIn)).not.toContain('httponly');
  });

  it('an API client (no Origin) gets the token in the answer to send as a bearer header, and no cookie', async () => {
    const response = await send(k, '/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const body = (await response.json()) as { token?: string };
    expect(response.status).toBe(200);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await k.get('/v1/user/profile', body.token)).status).toBe(200);
  });

  it('the cookie is the login on every call; logging out clears it, and it opens nothing after', async () => {
    const player = await newPlayer(k);
    const { cookies } = await browserLogin(k, player.body.email, player.body.password);
    const cookie = `token=${cookieValue(cookies.get('token'))}; logged_in=1`;
    const profile = await send(k, '/v1/user/profile', { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { user: { id: number } }).user.id).toBe(player.user.id);

    const out = await send(k, '/v1/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: CLUB, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.status).toBe(200);
    const cleared = cookiesOf(out);
    for (const name of ['token', 'logged_in']) {
      expect(cookieValue(cleared.get(name)), name).toBe('');
      expect(attributes(cleared.get(name)), name).toContain('max-age=0');
    }
    // the old cookie is refused, and the refusal clears it too (`logged_in` is the web app's
    // to drop: it tells the person why they are asked to log in again)
    const after = await send(k, '/v1/user/profile', { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toBe('error.auth_required');
    expect(cookieValue(cookiesOf(after).get('token'))).toBe('');
    expect(attributes(cookiesOf(after).get('token'))).toContain('max-age=0');
    expect(cookiesOf(after).has('logged_in')).toBe(false);
  });

  it('a bearer header wins over a cookie', async () => {
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const answer = await k.call('GET', '/v1/user/profile', { token: b.token, headers: { cookie: `token=${a.token}` } });
    expect((answer.body.user as { id: number }).id).toBe(b.user.id);
  });
});

describe('changes from another site', () => {
  let cookie: string;
  beforeAll(async () => {
    const player = await newPlayer(k);
    const { cookies } = await browserLogin(k, player.body.email, player.body.password);
    cookie = `token=${cookieValue(cookies.get('token'))}; logged_in=1`;
  });
  const refused = async (response: Response) => {
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('error.cross_site_request');
  };

  it('refuses a cross-origin form post riding on the cookie, with a catalogue key', async () => {
    await refused(
      await send(k, '/v1/auth/logout', {
        method: 'POST',
        headers: {
          cookie,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'a=1',
      }),
    );
    // a sibling site is the same site to SameSite=Lax, not the same origin
    await refused(
      await send(k, '/v1/auth/logout', {
        method: 'POST',
        headers: { cookie, origin: 'http://shop.club.test', 'sec-fetch-site': 'same-site' },
      }),
    );
    // a browser too old to say where a form came from
    await refused(
      await send(k, '/v1/auth/logout', {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/plain' },
        body: '{}',
      }),
    );
    // and a JSON body from another origin (no CORS lets a browser send it; refused all the same)
    await refused(
      await send(k, '/v1/user/change-password', {
        method: 'POST',
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ current_password: 'x', password: 'y', password_confirmation: 'y' }),
      }),
    );
    // the session was not touched
    expect((await send(k, '/v1/user/profile', { headers: { cookie } })).status).toBe(200);
  });

  it('refuses a login posted from another site’s page', async () => {
    await refused(
      await send(k, '/v1/auth/login', {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
        body: JSON.stringify(ADMIN),
      }),
    );
  });

  it('takes what the club’s own pages send, and reads from anywhere', async () => {
    // the web app through a development proxy: another Origin, but the browser says same-origin
    const viaProxy = await send(k, '/v1/notification/read/999999', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' },
    });
    expect(((await viaProxy.json()) as { message?: string }).message).not.toBe('error.cross_site_request');
    const own = await send(k, '/v1/notification/read/999999', { method: 'POST', headers: { cookie, origin: CLUB } });
    expect(((await own.json()) as { message?: string }).message).not.toBe('error.cross_site_request');
    expect(own.status).not.toBe(401);
    const read = await send(k, '/v1/user/profile', {
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
  });
});

describe('Secure where the club is served over https', () => {
  it('with an https PUBLIC_URL', async () => {
    const secure = await startTestKiosk({ env: { PUBLIC_URL: 'https://club.test' } });
    try {
      const { cookies } = await browserLogin(secure, ADMIN.email, ADMIN.password, { origin: 'https://club.test' });
      expect(attributes(cookies.get('token'))).toContain('secure');
      expect(attributes(cookies.get('logged_in'))).toContain('secure');
    } finally {
      await secure.close();
    }
  });

  it('behind a trusted proxy that says the request came over https', async () => {
    const proxied = await startTestKiosk({ env: { TRUST_PROXY: '1' } });
    try {
      const https = await browserLogin(proxied, ADMIN.email, ADMIN.password, { 'x-forwarded-proto': 'https' });
      expect(attributes(https.cookies.get('token'))).toContain('secure');
      const http = await browserLogin(proxied, ADMIN.email, ADMIN.password, { 'x-forwarded-proto': 'http' });
      expect(attributes(http.cookies.get('token'))).not.toContain('secure');
    } finally {
      await proxied.close();
    }
  });
});
