import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/**
 * The texts come in pieces (web/src/lib/i18n.ts): before the first render only the language
 * in use, in either language; the payments', the shop's, the privacy policy's and the admin
 * console's texts with their screens. A screen that used a piece it did not load would show
 * its keys.
 */
const TEXT_CHUNK = /\/assets\/(texts-(nb|en)|web-([a-z0-9]+)\.(nb|en))-[\w-]+\.js$/;
// a key of a text group or of the core texts, as i18next shows it when the text is missing
const RAW_KEY =
  /\b(pay|store|privacy|admin|adminConsole|reports|games|live|common|nav|auth|home|table|profile)\.[a-z_]+/;

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
    expect(chunks).toEqual([`core.${locale}`]);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    await loginAs(page, 'player');
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
