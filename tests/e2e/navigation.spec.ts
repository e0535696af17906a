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
