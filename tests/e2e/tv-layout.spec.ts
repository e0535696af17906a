import { expect, test } from './support/fixtures.ts';
import { nb } from './support/shots.ts';

declare global {
  interface Window {
    __layoutShift?: number;
  }
}

/**
 * The wall TV keeps its place for everything as the data arrives: the floor's tables, the
 * title's count and the opening hours come after the first paint (the hours held back here,
 * as on a slow network) and nothing already on screen moves — the layout shift is measured by
 * the browser itself (Lighthouse's CLS), at the TV's width and at a phone's.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the wall TV does not move as its data arrives (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v1/settings/opening-hours', async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/tv');
    await expect(page.getByRole('list', { name: nb('live.tv.tables') })).toBeVisible();
    await page.waitForTimeout(300);
    release();
    await expect(page.getByTestId('tv-open')).toBeVisible();
    // two frames for the last shift to be reported
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.__layoutShift)).toBe(0);
  });
}
