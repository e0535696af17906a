import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import { ADMIN, BASE_URL, PLAYER } from './env.ts';
import { waitForLink } from './mail.ts';
import { type ScreenTexts, watchScreenTexts } from './screen-text.ts';
import { sessionCookies } from './session.ts';

export interface Login {
  email: string;
  password: string;
}

async function apiLogin(api: APIRequestContext, login: Login): Promise<string> {
  const answer = await api.post('/v1/auth/login', { data: login });
  expect(answer.ok(), `log in ${login.email}`).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

let unique = 0;
/** An e-mail address and phone number no other test uses. */
export function uniquePerson() {
  unique += 1;
  const n = `${Date.now() % 1_000_000}${unique}`.padStart(7, '0').slice(-7);
  return {
    name: 'Nora',
    surname: 'Nybegynner',
    email: `nora.${n}@example.no`,
    phone: `9${n}`,
    password: 'kritt-og-kule-1',
  };
}

type WorkerFixtures = {
  api: APIRequestContext;
  /** bearer tokens, logged in once per worker through the API */
  tokens: { admin: string; player: string; shopGuest: string };
};

type TestFixtures = {
  /** a page logged in as that person (the token cookie is set) */
  loginAs: (page: Page, who: 'admin' | 'player' | 'shopGuest') => Promise<void>;
  /** axe-core on the page as it is now: no serious or critical violations */
  checkA11y: (page: Page) => Promise<void>;
  /**
   * Runs in every test: the screens `page` showed had no raw text key and no øre printed as
   * kroner (screen-text.ts); the test fails at its end when they had.
   */
  screenTexts: ScreenTexts;
  /** Runs in every test: no screen `page` showed failed (the generic page after a crash). */
  screenCrashes: undefined;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  api: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const api = await request.newContext({ baseURL: BASE_URL });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  tokens: [
    async ({ api }, use) => {
      const admin = await apiLogin(api, ADMIN);
      const player = await apiLogin(api, PLAYER);
      // role 3 lands in the shop: an admin creates one, who sets a password from the mail
      const guest = uniquePerson();
      const created = await api.post('/v1/user/create', {
        headers: { authorization: `Bearer ${admin}` },
        data: { ...guest, role: 3, email_verified: true, locale: 'nb' },
      });
      expect(created.ok(), 'create a role 3 user').toBe(true);
      const link = await waitForLink(guest.email, '/reset-password-continue/');
      const token = decodeURIComponent(link.split('/reset-password-continue/')[1] ?? '');
      const set = await api.post('/v1/auth/reset-password/continue', {
        data: { token, password: guest.password, password_confirmation: guest.password },
      });
      expect(set.ok(), 'choose the role 3 user’s password').toBe(true);
      const shopGuest = await apiLogin(api, guest);
      await use({ admin, player, shopGuest });
    },
    { scope: 'worker' },
  ],
  loginAs: async ({ tokens }, use) => {
    await use(async (page, who) => {
      await page.context().addCookies(sessionCookies(tokens[who]));
    });
  },
  screenTexts: [
    async ({ page }, use) => {
      const watch = await watchScreenTexts(page);
      await use(watch);
      expect(await watch.findings(), 'text keys or øre printed as kroner on the screens this test showed').toEqual([]);
    },
    { auto: true },
  ],
  screenCrashes: [
    async ({ page }, use) => {
      const crashes: string[] = [];
      // what the app's error boundaries log (something-happened.tsx, provider.tsx)
      page.on('console', (message) => {
        if (message.type() === 'error' && /^\[app\] (a screen|the app) failed/.test(message.text()))
          crashes.push(`${page.url()}: ${message.text().split('\n')[0]}`);
      });
      await use(undefined);
      expect(crashes, 'screens that crashed to the generic page').toEqual([]);
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  checkA11y: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const theme = await page.evaluate(() => document.documentElement.dataset.theme);
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id} (${v.impact}) on ${page.url()} [${theme}]: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      // soft: one run lists every page's violations, and the test still fails
      expect.soft(serious, 'serious or critical accessibility violations').toEqual([]);
    });
  },
});

export { expect };
