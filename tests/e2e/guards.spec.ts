import { expect, test } from './support/fixtures.ts';
import { newPlayer } from './support/players.ts';
import { sessionCookies } from './support/session.ts';

test.describe('guards (SPEC §2, §6)', () => {
  for (const path of ['/', '/profile', '/shop', '/admin', '/verify', '/table/1']) {
    test(`an anonymous visitor on ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
    });
  }

  test('a player who is not an admin is sent from /admin to /', async ({ page, loginAs, checkA11y }) => {
    await loginAs(page, 'player');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Sander' })).toBeVisible();
    await checkA11y(page);
    await page.goto('/admin/users/1');
    await expect(page).toHaveURL(/\/$/);
  });

  test('role 3 is sent from / to /shop', async ({ page, loginAs, checkA11y }) => {
    await loginAs(page, 'shopGuest');
    await page.goto('/');
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Butikk' })).toBeVisible();
    await checkA11y(page);
    // and again when following the home link in the navigation
    await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Hjem' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Profil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a player logs in to the start page staff set on their role', async ({ page, api, tokens }) => {
    const admin = { authorization: `Bearer ${tokens.admin}` };
    const made = await api.post('/v1/role/create', {
      headers: admin,
      data: { name: `Juniorer ${Date.now()}`, home_page: '/reservations' },
    });
    expect(made.ok(), 'create the role').toBe(true);
    const { role } = (await made.json()) as { role: { id: number } };
    const player = await newPlayer(api, tokens.admin, 'Jonas', role.id);

    await page.goto('/login');
    await page.getByLabel('E-post').fill(player.email);
    await page.getByLabel('Passord', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect(page).toHaveURL(/\/reservations$/);
  });

  test('a logged-in person is sent from the guest pages to /', async ({ page, loginAs }) => {
    await loginAs(page, 'player');
    for (const path of ['/login', '/register', '/reset-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Hei, Sander' })).toBeVisible();
    }
  });

  test('an admin reaches the admin pages', async ({ page, loginAs, checkA11y }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Brukere' })).toBeVisible();
    await expect(page.getByText('spiller@cueclub.demo · +4790000002')).toBeVisible();
    await checkA11y(page);
  });
});

test('an unknown path shows the not-found page', async ({ page, checkA11y }) => {
  await page.goto('/finnes/ikke');
  await expect(page.getByRole('heading', { level: 1, name: 'Fant ikke siden' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Gå til forsiden' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('when the API cannot be reached the app goes to /network-error', async ({ page, loginAs, checkA11y }) => {
  await loginAs(page, 'player');
  await page.route('**/v1/**', (route) => route.abort('connectionrefused'));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/network-error$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nettverksfeil.' })).toBeVisible();
  await checkA11y(page);
  // back on line: try again returns to where the person was
  await page.unroute('**/v1/**');
  await page.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
});

test('an expired login sends the person to /login', async ({ page, context }) => {
  await context.addCookies(sessionCookies('expired_token_abcdefghijklmnopqrstu', 'http://localhost'));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Du må logge inn.')).toBeVisible();
  // the kiosk's refusal cleared the token, the app its sign of a login
  expect((await context.cookies()).filter((c) => c.name === 'token' || c.name === 'logged_in')).toEqual([]);
});

test('an expired login is told in words even when the texts arrive after the refusal', async ({ page, context }) => {
  await context.addCookies(sessionCookies('expired_token_abcdefghijklmnopqrstu', 'http://localhost'));
  // the early profile read is refused before the language's texts have loaded
  await page.route('**/assets/texts-nb-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Du må logge inn.')).toBeVisible();
  await expect(page.getByText('error.auth_required')).toHaveCount(0);
});

test('switching language changes the texts, remembers it, and saves it to the account', async ({
  page,
  loginAs,
  api,
  tokens,
}) => {
  await loginAs(page, 'player');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Engelsk', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect
    .poll(async () => {
      const answer = await api.get('/v1/user/profile', { headers: { authorization: `Bearer ${tokens.player}` } });
      return ((await answer.json()) as { user: { locale: string } }).user.locale;
    })
    .toBe('en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Norwegian', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
});

test('the dark theme is the default and a light one can be chosen', async ({ page, loginAs, checkA11y }) => {
  await loginAs(page, 'player');
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Lyst' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await checkA11y(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Mørkt' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
