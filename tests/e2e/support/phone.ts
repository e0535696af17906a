import type { Browser, Page } from '@playwright/test';
import { BASE_URL } from './env.ts';
import { sessionCookies } from './session.ts';

/** A phone of its own (browser context), logged in by cookie: for a second person in one test. */
export async function phone(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'nb-NO',
  });
  await context.addCookies(sessionCookies(token));
  return context.newPage();
}
