import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { APP_PORT, BASE_URL, DATA_DIR, MAIL_DIR, SMTP_PORT } from './e2e/support/env.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * End-to-end tests of the web app against the real server (`main.ts` with the built web
 * app), in Debian's Chromium with a phone's viewport. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // the JSON report feeds the closing 'N passed, N failed' line of .ci/run
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'nb-NO',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'phone-chromium' }],
  webServer: {
    command: 'node --import tsx tests/e2e/support/app-server.ts',
    cwd: ROOT,
    url: `${BASE_URL}/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(APP_PORT),
      PUBLIC_URL: BASE_URL,
      DEMO: '1',
      TEST_CLOCK: '1',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      E2E_PORT: String(APP_PORT),
      E2E_SMTP_PORT: String(SMTP_PORT),
      E2E_DATA_DIR: DATA_DIR,
      E2E_MAIL_DIR: MAIL_DIR,
    },
  },
});
