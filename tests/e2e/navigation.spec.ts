import { expect, test } from './support/fixtures.ts';

// the screen's chunk comes from the network here, where the test holds it back
test.use({ serviceWorkers: 'block' });

/**
 * A move to a screen whose code has not loaded yet (web/src/app/screen-router.tsx): the current
 * screen stays up, with the app's frame, until the next one's code is in; then it shows.
 */
test('a screen whose code is still loading leaves the current one up until it comes', async ({ page, loginAs }) => {
  await loginAs(page, 'player');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/change-password-page-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });

  await page.getByRole('link', { name: /Bytt passord/ }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(page).toHaveURL(/\/profile\/change-password$/);
  // while the code is held back: the profile, its heading and the bottom navigation, not a blank page
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Bytt passord' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toHaveCount(0);
});

/**
 * The start page draws its lower parts in turns after its first render (components/in-turn.tsx):
 * a reload's scroll waits for them, or the page would still be too short to scroll back. What
 * comes after the turns keeps its place: the person's prices arrive later, held back here, and
 * each tile keeps their line from the start (before, a loaded phone's reload landed 57 px short).
 */
test('a reload returns to where the start page was scrolled, below its parts drawn in turn', async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 360, height: 480 });
  await loginAs(page, 'player');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Bord', exact: true })).toBeVisible();
  const bottom = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
  expect(bottom, 'the start page scrolls on a small phone').toBeGreaterThan(200);
  // the position is kept as the page scrolls
  await page.waitForTimeout(200);

  await page.route('**/v1/pricing/mine', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Bord', exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottom);
  await expect(page.getByTestId('table-price').first()).not.toBeEmpty();
  expect(await page.evaluate(() => window.scrollY), 'the prices came without moving the page').toBe(bottom);
});
