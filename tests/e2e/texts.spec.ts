import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/**
 * The texts come in pieces (web/src/lib/i18n.ts): before the first render only the language
 * in use, in either language; the payments', the shop's, the privacy policy's, the games',
 * the bookings', the waitlist's and the admin console's texts with their screens. A screen that used a piece it did not load would show
 * its keys.
 */
const TEXT_CHUNK = /\/assets\/(texts-(nb|en)|(?:web-)?([a-z0-9]+)\.(nb|en))-[\w-]+\.js$/;
// a key of a text group or of the core texts, as i18next shows it when the text is missing
const RAW_KEY =
  /\b(pay|store|privacy|admin|adminConsole|reports|games|live|booking|waitlist|common|nav|auth|home|table|profile)\.[a-z_]+/;

function textChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = TEXT_CHUNK.exec(new URL(request.url()).pathname);
    if (match) seen.push(match[2] ? `core.${match[2]}` : `${match[3]}.${match[4]}`);
  });
  return seen;
}

async function opens(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
  expect(await page.locator('body').innerText(), `${path} shows a text's key`).not.toMatch(RAW_KEY);
}

for (const [locale, other] of [
  ['nb', 'en'],
  ['en', 'nb'],
] as const) {
  test(`in ${locale}, only ${locale}'s texts load, and each screen's come with it`, async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await page.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
    const chunks = textChunks(page);

    await opens(page, '/tv');
    // the TV's own groups, not the games' a table's page shows
    expect([...chunks].sort()).toEqual([`booking.${locale}`, `core.${locale}`, `waitlist.${locale}`]);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    await loginAs(page, 'player');
    await opens(page, '/table/1');
    expect(chunks).toContain(`games.${locale}`);
    await opens(page, '/shop');
    expect(chunks).toContain(`store.${locale}`);
    await opens(page, '/profile/order-history');
    expect(chunks).toContain(`pay.${locale}`);
    await opens(page, '/privacy-policy');
    expect(chunks).toContain(`privacy.${locale}`);
    expect(chunks).not.toContain(`console.${locale}`);
    expect(chunks.filter((c) => c.endsWith(`.${other}`))).toEqual([]);
  });
}

test('an admin gets the console’s texts, also after switching language on its screen', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const chunks = textChunks(page);
  await loginAs(page, 'admin');
  await opens(page, '/admin/products');
  expect(chunks).toEqual(expect.arrayContaining(['core.nb', 'console.nb', 'store.nb']));
  await page.getByRole('button', { name: 'Engelsk' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => chunks).toEqual(expect.arrayContaining(['core.en', 'console.en', 'store.en']));
  expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  // the admin's account keeps bokmål for the other tests
  await page.getByRole('button', { name: 'Norwegian' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
});

test('a new screen starts at the top; back returns to where the page was scrolled', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await page.getByRole('link', { name: 'Cue Club' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
});

test('the check every test runs finds a raw text key and øre printed as kroner, and nothing in ordinary text', async ({
  page,
  loginAs,
  api,
  tokens,
  screenTexts,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/tv');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // money the page is sent: a table at kr 123,45 a minute (switched off, and gone once read)
  const created = await api.post('/v1/table/create', {
    headers: { authorization: `Bearer ${tokens.admin}` },
    data: {
      name: `Prøvebord ${Math.random().toString(36).slice(2, 6)}`,
      capacity: 2,
      price_per_minute: 12_345,
      active: false,
    },
  });
  expect(created.ok()).toBe(true);
  await page.evaluate(() => fetch('/v1/table/all').then((r) => r.json()));
  const { table } = (await created.json()) as { table: { id: number } };
  await api.post(`/v1/table/delete/${table.id}`, { headers: { authorization: `Bearer ${tokens.admin}` } });

  const shown = [
    'pay.method.cash', // a key of the catalogue
    'adminConsole.reports.totals.nothing_like_it', // the shape of one, under a group of the catalogue
    'Tilbakebetalt 12 345', // kr 123,45 as if it were kroner
    // ordinary text
    'kr 123,45',
    'NOK 123.45',
    'Bord 12',
    'nora.1234567@example.no',
    'cueclub.no/table/3',
    '912 34 567',
    '2026',
    'Kl. 18.12',
    'v2.1',
  ];
  await page.evaluate((texts) => {
    const box = document.createElement('div');
    box.id = 'check-proof';
    for (const text of texts) box.append(Object.assign(document.createElement('p'), { textContent: text }));
    document.body.append(box);
  }, shown);
  await expect
    .poll(async () => (await screenTexts.findings()).sort())
    .toEqual(
      [
        'a text key on screen: "pay.method.cash" in "pay.method.cash"',
        'a text key on screen: "adminConsole.reports.totals.nothing_like_it" in "adminConsole.reports.totals.nothing_like_it"',
        'øre printed as kroner: 12345 øre in "Tilbakebetalt 12 345"',
      ].sort(),
    );
  // the proof shown on purpose is taken away, so that this test's own check passes
  await page.evaluate(() => document.getElementById('check-proof')?.remove());
  await page.waitForTimeout(400);
  await screenTexts.forget();
  expect(await screenTexts.findings()).toEqual([]);
});
