import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ADMIN_PATHS, PLAYER_PATHS, PUBLIC_PATHS } from './support/paths.ts';

/**
 * Every route of SPEC §2 resolves to its page (a level-one heading), leaves every text field
 * wide enough to type in on a phone, passes axe-core in both themes (dark, the default, and
 * light; colour contrast included), and, with SHOTS_DIR set,
 * is photographed at 390×844 and 1280×800 for a person to look at.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const THEMES = ['dark', 'light'] as const;
// colours are read as they are, not half-way through a transition
test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

const concrete = (path: string) => path.replace(':token', 'ukjent-lenke').replace(':id', '1');

/** The shown text fields narrower than a few words (a row of controls that does not wrap). */
const MIN_FIELD_PX = 80;
const squeezedFields = (page: Page) =>
  page.evaluate((min) => {
    const kinds = 'input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden]):not([type=file])';
    return [...document.querySelectorAll<HTMLElement>(`${kinds}, select, textarea`)]
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width < min)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}[name=${el.getAttribute('name') ?? ''}] ${Math.round(el.getBoundingClientRect().width)} px`,
      );
  }, MIN_FIELD_PX);

const colorsSettled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));

async function visit(page: Page, path: string, prefix: string, checkA11y: (page: Page) => Promise<void>) {
  for (const viewport of SHOTS_DIR ? VIEWPORTS : VIEWPORTS.slice(0, 1)) {
    await page.setViewportSize(viewport);
    await page.goto(concrete(path));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // nothing is still loading (live regions such as the reconnect banner may stay)
    await expect(page.locator('.spinner')).toHaveCount(0);
    if (viewport.width === 390) {
      expect(await squeezedFields(page), 'fields too narrow to type in on a phone').toEqual([]);
      // the same page in each theme: the switch only changes the root's data-theme
      for (const theme of THEMES) {
        await page.evaluate((name) => {
          document.documentElement.dataset.theme = name;
        }, theme);
        // contrast is read from the final colours, not from a colour transition under way
        await colorsSettled(page);
        await checkA11y(page);
      }
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'dark';
      });
      // the photograph too: not half-way back from the light theme's colours
      await colorsSettled(page);
    }
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      const name = `${prefix}${concrete(path).replace(/\//g, '_') || '_'}-${viewport.width}.png`;
      await page.screenshot({ path: join(SHOTS_DIR, name), fullPage: true });
    }
  }
}

// generous: axe twice per page, on a 2-core machine that runs other suites at the same time
test('every public screen', async ({ page, checkA11y }) => {
  test.setTimeout(120_000);
  for (const path of PUBLIC_PATHS) await visit(page, path, 'public', checkA11y);
});

test('every player screen', async ({ page, loginAs, checkA11y }) => {
  test.setTimeout(240_000);
  await loginAs(page, 'player');
  for (const path of PLAYER_PATHS) await visit(page, path, 'player', checkA11y);
});

test('every admin screen', async ({ page, loginAs, checkA11y }) => {
  test.setTimeout(300_000);
  await loginAs(page, 'admin');
  for (const path of ADMIN_PATHS) await visit(page, path, 'admin', checkA11y);
});

// an admin sees the player's pages inside the admin layout (side navigation, badges)
test('every player screen as an admin', async ({ page, loginAs, checkA11y }) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin');
  for (const path of PLAYER_PATHS) await visit(page, path, 'admin-player', checkA11y);
});
