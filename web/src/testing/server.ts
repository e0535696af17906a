import { DEFAULT_OPENING_HOURS } from '@club/shared/opening-hours';
import { orderReference, type TOrder, type TOrderDetail } from '@club/shared/orders';
import { LOGGED_IN_COOKIE } from '@club/shared/session';
import type { TUser } from '@club/shared/users';
import { vi } from 'vitest';
import { noteLogin } from '../lib/session.ts';

/** The browser as a login leaves it: the kiosk's readable `logged_in` cookie (the HttpOnly token is the server's business). */
export function fakeLogin(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test document plays the kiosk's answer
  document.cookie = `${LOGGED_IN_COOKIE}=1; path=/`;
  noteLogin();
}

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 7,
    name: 'Sander',
    surname: 'Spiller',
    email: 'sander@example.no',
    phone: '+4790000002',
    role_id: 2,
    is_admin: false,
    is_verified: true,
    email_verified: true,
    locale: 'nb',
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A shop order `makeUser()` has not paid yet; its reference follows its id, as the kiosk's does. */
export function makeOrder(overrides: Partial<TOrder> = {}): TOrder {
  const id = overrides.id ?? 42;
  return {
    id,
    reference: orderReference(id),
    kind: 'shop',
    user_id: 7,
    user_name: 'Sander Spiller',
    date: '2026-12-02T18:00:00.000Z',
    status: 'waiting',
    method: null,
    items: [],
    subtotal: 12_000,
    discount_amount: 0,
    total: 12_000,
    refunded_amount: 0,
    pending_transfer: null,
    counter: false,
    ...overrides,
  };
}

/** `makeOrder()` as its own page reads it: nothing paid or given back yet. */
export function makeOrderDetail(overrides: Partial<TOrderDetail> = {}): TOrderDetail {
  return { ...makeOrder(overrides), payments: [], refunds: [], can_pay_later: false, ...overrides };
}

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | undefined;

/** A read of `path` that fails as a kiosk that is down does (503) until `recover()`, so a test sees its retry work. */
export function failingRead(path: string, body: unknown): { handler: Handler; recover: () => void } {
  let failing = true;
  return {
    handler: (url) => {
      if (url.pathname !== path) return undefined;
      return failing ? { status: 503, body: { success: false, message: 'error.service_unavailable' } } : { body };
    },
    recover: () => {
      failing = false;
    },
  };
}

/** The club's opening hours as the kiosk answers them: the defaults, in Oslo, open now. */
export const openingHoursAnswer: Handler = (url) =>
  url.pathname === '/v1/settings/opening-hours'
    ? {
        body: {
          success: true,
          settings: { hours: DEFAULT_OPENING_HOURS, time_zone: 'Europe/Oslo', open_now: true, today: null },
        },
      }
    : undefined;

/**
 * A fake kiosk API for component tests: `fetch` answers from the handlers (first match),
 * the profile from `user`, and everything else with an empty success.
 */
export function fakeApi(options: { user?: TUser | null; handlers?: Handler[] } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    for (const handler of options.handlers ?? []) {
      const answer = handler(url, init);
      if (answer) return Response.json(answer.body, { status: answer.status ?? 200 });
    }
    if (url.pathname === '/v1/user/profile') {
      if (!options.user) return Response.json({ success: false, message: 'error.auth_required' }, { status: 401 });
      return Response.json({ success: true, user: options.user });
    }
    if (url.pathname === '/v1/user/my-active-subscription') return Response.json({ success: true, subscription: null });
    if (url.pathname === '/v1/user/all') {
      return Response.json({ success: true, data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
    }
    return Response.json({ success: true, data: [] });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}
