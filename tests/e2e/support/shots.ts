import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { translate } from '@club/shared/i18n/resources';
import { formatMoney } from '@club/shared/money';
import type { Page } from '@playwright/test';

/** A text as the bokmål screen shows it, and an amount in kroner. */
export const nb = (key: string, values: Record<string, string | number> = {}) => translate('nb', key, values);
export const kr = (ore: number) => formatMoney(ore, 'nb');

const SHOTS_DIR = process.env.SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * With SHOTS_DIR set, photographs the page for a person to look at: at phone and desktop
 * width, and the phone in the light theme too; then puts the viewport back.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize();
  const setTheme = (theme: string) =>
    page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
  await setTheme('light');
  await page.screenshot({ path: join(SHOTS_DIR, `${name}-390-light.png`), fullPage: true });
  await setTheme('dark');
  if (size) await page.setViewportSize(size);
}
