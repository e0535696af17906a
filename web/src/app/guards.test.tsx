import { ROUTES } from '@club/shared/routes';
import type { TUser } from '@club/shared/users';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { endLogin } from '../lib/session.ts';
import { type RenderedApp, renderApp } from '../testing/app.tsx';
import { fakeApi, fakeLogin, makeUser } from '../testing/server.ts';
import { AppProvider } from './provider.tsx';
import { ScreenErrorBoundary } from './routes/something-happened.tsx';

function loggedInAs(user: TUser | null) {
  fakeLogin();
  return fakeApi({ user });
}

async function expectPath(app: RenderedApp, path: string) {
  await waitFor(() => expect(app.path).toBe(path));
}

describe('route guards (SPEC §2, §6)', () => {
  beforeEach(async () => {
    // failures are logged on purpose; keep the test output readable
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('en');
    queryClient.clear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    endLogin();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it.each([
    ROUTES.home,
    '/table/4',
    '/payment/overview/9',
    ROUTES.profile,
    ROUTES.changePassword,
    ROUTES.shop,
    ROUTES.notifications,
    ROUTES.verify,
    '/verify/abc',
    ROUTES['admin.dashboard'],
  ])('sends an anonymous visitor from %s to /login', async (path) => {
    fakeApi();
    const app = await renderApp(path);
    await expectPath(app, ROUTES.login);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('takes the visitor back where they were going after logging in', async () => {
    fakeApi({ user: makeUser() });
    const app = await renderApp(ROUTES.notifications);
    await expectPath(app, ROUTES.login);
    fakeLogin();
    await expectPath(app, ROUTES.notifications);
  });

  it('lands a player who logs in on the start page staff set on their role', async () => {
    const role = { id: 2, name: 'Spiller', can_pay_later: false, home_page: ROUTES.notifications };
    fakeApi({
      user: makeUser({ role_id: 2 }),
      handlers: [(url) => (url.pathname === '/v1/role/2' ? { body: { success: true, role } } : undefined)],
    });
    const app = await renderApp(ROUTES.login);
    await expectPath(app, ROUTES.login);
    fakeLogin();
    await expectPath(app, ROUTES.notifications);
  });

  it('shows a logged-in person their page', async () => {
    loggedInAs(makeUser());
    const app = await renderApp(ROUTES.profile);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(app.path).toBe(ROUTES.profile);
  });

  it('sends an unverified user to /verify', async () => {
    loggedInAs(makeUser({ is_verified: false, email_verified: false }));
    const app = await renderApp(ROUTES.shop);
    await expectPath(app, ROUTES.verify);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeInTheDocument();
  });

  it('lets an unverified user open a verification link (no profile check there)', async () => {
    fakeLogin();
    const user = makeUser({ is_verified: false });
    const { calls } = fakeApi({
      user,
      handlers: [(url) => (url.pathname === '/v1/auth/verify' ? { body: { success: true, user } } : undefined)],
    });
    const app = await renderApp('/verify/the-token');
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/auth/verify')).toBe(true));
    expect(app.path).toBe('/verify/the-token');
    expect(calls.find((c) => c.path === '/v1/auth/verify')?.body).toEqual({ token: 'the-token' });
  });

  it('sends a player who is not an admin from /admin to /', async () => {
    loggedInAs(makeUser({ is_admin: false }));
    const app = await renderApp(ROUTES['admin.users']);
    await expectPath(app, ROUTES.home);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Sander' })).toBeInTheDocument();
  });

  it('shows admin pages to an admin', async () => {
    loggedInAs(makeUser({ is_admin: true }));
    const app = await renderApp(ROUTES['admin.users']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(app.path).toBe(ROUTES['admin.users']);
  });

  it('sends role 3 from / to /shop', async () => {
    loggedInAs(makeUser({ role_id: 3 }));
    const app = await renderApp(ROUTES.home);
    await expectPath(app, ROUTES.shop);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
  });

  it('lets role 3 open other pages', async () => {
    loggedInAs(makeUser({ role_id: 3 }));
    const app = await renderApp(ROUTES.profile);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(app.path).toBe(ROUTES.profile);
  });

  it('sends role 3 coming from / on to /shop', async () => {
    loggedInAs(makeUser({ role_id: 3 }));
    const app = await renderApp(ROUTES.home);
    await expectPath(app, ROUTES.shop);
    app.navigate(ROUTES.home);
    await expectPath(app, ROUTES.shop);
  });

  it.each([ROUTES.login, ROUTES.register, ROUTES.resetPassword, '/reset-password-continue/tok'])(
    'sends a logged-in person from %s to /',
    async (path) => {
      loggedInAs(makeUser());
      const app = await renderApp(path);
      await expectPath(app, ROUTES.home);
    },
  );

  it('shows the guest-only pages to visitors', async () => {
    fakeApi();
    await renderApp(ROUTES.register);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
  });

  it.each([ROUTES.privacy, ROUTES.networkError])('shows %s to anyone', async (path) => {
    fakeApi();
    const app = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(app.path).toBe(path);
  });

  it('shows the not-found page for any other path', async () => {
    fakeApi();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('a profile that fails with error.user_not_found logs out and goes to /login', async () => {
    fakeLogin();
    fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/user/profile'
            ? { status: 404, body: { success: false, message: 'error.user_not_found' } }
            : undefined,
      ],
    });
    const app = await renderApp(ROUTES.profile);
    await expectPath(app, ROUTES.login);
    expect(document.cookie).not.toContain('logged_in=');
  });

  it('the network error page is where an unanswered call leads', async () => {
    fakeLogin();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const app = await renderApp(ROUTES.profile);
    await expectPath(app, ROUTES.networkError);
    expect(await screen.findByRole('heading', { level: 1, name: 'Network error.' })).toBeInTheDocument();
  });

  it('shows "Something happened." with a Go back link when a screen fails', async () => {
    fakeApi();
    const Boom = () => {
      throw new Error('boom');
    };
    render(
      <AppProvider>
        <MemoryRouter initialEntries={['/boom']}>
          <ScreenErrorBoundary>
            <Routes>
              <Route path="/boom" element={<Boom />} />
            </Routes>
          </ScreenErrorBoundary>
        </MemoryRouter>
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something happened.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });
});
