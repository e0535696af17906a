import { SHOP_ROLE_ID } from '@club/shared/locales';
import { pathTo, ROUTES } from '@club/shared/routes';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useRole } from '../api/get-roles.ts';
import { ErrorState, Loading } from '../components/states.tsx';
import { useProfile } from '../lib/auth.ts';
import { forgetIntendedPage, intendedPage, rememberIntendedPage } from '../lib/intended-page.ts';
import { endedByLogout, useLoggedIn } from '../lib/session.ts';

/** Where a guard sent the person from, so that logging in can take them back. */
export interface FromState {
  from?: string;
}

function fromOf(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as FromState).from;
    // only paths inside the app, never another site
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  }
  return undefined;
}

/** Logged-in only (SPEC §2): without a login, to /login. */
export function RequireSession() {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  if (!loggedIn) {
    const from = `${location.pathname}${location.search}`;
    const remember = from !== ROUTES.home && !endedByLogout();
    // the way in may pass registration and the e-mail link: keep the page beyond this login
    if (remember) rememberIntendedPage(from);
    return <Navigate to={pathTo('login')} replace state={remember ? { from } : undefined} />;
  }
  return <Outlet />;
}

/**
 * The profile check (SPEC §2, §4, §6) for every logged-in route except verification:
 * unverified users go to /verify; role 3 goes to the shop when going to or coming from `/`.
 */
export function RequireProfile() {
  const profile = useProfile();
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  const verified = profile.data?.is_verified === true;

  useEffect(() => {
    previous.current = pathname;
  }, [pathname]);
  // the person got where they meant to go
  useEffect(() => {
    if (verified && intendedPage() === `${pathname}${search}`) forgetIntendedPage();
  }, [verified, pathname, search]);

  if (profile.isPending) return <Loading />;
  if (profile.isError) return <ErrorState onRetry={() => void profile.refetch()} />;
  const user = profile.data;
  if (!user.is_verified) {
    rememberIntendedPage(`${pathname}${search}`);
    return <Navigate to={pathTo('verify')} replace />;
  }
  // verified now (the e-mail link, another tab): on to the page the way in started from
  const intended = pathname === ROUTES.home ? intendedPage() : undefined;
  if (intended) return <Navigate to={intended} replace />;
  if (
    user.role_id === SHOP_ROLE_ID &&
    pathname !== ROUTES.shop &&
    (pathname === ROUTES.home || previous.current === ROUTES.home)
  ) {
    return <Navigate to={pathTo('shop')} replace />;
  }
  return <Outlet />;
}

/** Admin routes: `is_admin` or back to `/` (SPEC §6). Sits inside RequireProfile. */
export function RequireAdmin() {
  const { data: user } = useProfile();
  if (!user?.is_admin) return <Navigate to={pathTo('home')} replace />;
  return <Outlet />;
}

/**
 * Login, register and password reset: a logged-in person goes on to where they were going,
 * else to their start page — the floor plan for staff, `/` for everyone else.
 */
export function GuestOnly() {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  const profile = useProfile();
  if (!loggedIn) return <Outlet />;
  const going = fromOf(location.state) ?? intendedPage();
  if (going) return <Navigate to={going} replace />;
  if (profile.isPending) return <Loading />;
  if (profile.data?.is_admin) return <Navigate to={pathTo('admin.live')} replace />;
  return <RoleHomePage roleId={profile.data?.role_id ?? 0} />;
}

/**
 * A player's start page after logging in: the page staff set on their role ("home page after
 * login" on the role's screen), else `/`. A role whose read fails lands on `/` as before.
 */
function RoleHomePage({ roleId }: { roleId: number }) {
  const role = useRole(roleId);
  if (role.isLoading) return <Loading />;
  return <Navigate to={role.data?.home_page ?? pathTo('home')} replace />;
}
