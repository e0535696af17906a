import { expect, test } from './support/fixtures.ts';
import { nb } from './support/shots.ts';

/**
 * The installable app: a manifest with icons, a service worker that controls the pages, an
 * offline page when the club cannot be reached, and live pages and API answers untouched by it.
 */
test('installs as an app, shows the offline page without a network, and leaves live pages live', async ({
  page,
  context,
  loginAs,
}) => {
  await loginAs(page, 'player');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
  const answer = await page.request.get(manifest ?? '/manifest.webmanifest');
  expect(await answer.json()).toMatchObject({
    name: 'Cue Club',
    display: 'standalone',
    icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512', purpose: 'maskable' })]),
  });
  // the worker takes over this page (clientsClaim) once installed
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });

  await context.setOffline(true);
  await page.goto('/profile').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Ingen nettforbindelse' })).toBeVisible();
  // the API is never answered from a cache: without the network it fails, as it should
  const offlineRead = await page.evaluate(() =>
    fetch('/v1/health').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(offlineRead).toBe('failed');

  // back online, the offline page reloads itself into the page the person asked for
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('profile.title') })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => fetch('/v1/health').then((r) => r.status))).toBe(200);
});
