import { expect, test } from '@playwright/test';

test('the web app is served with a strict content security policy and safe headers', async ({ request }) => {
  for (const path of ['/', '/login', '/table/1']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // served over plain http here: HSTS means nothing and must not pin https on localhost
    expect(res.headers()['strict-transport-security']).toBeUndefined();
  }
  const api = await request.get('/v1/health');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['strict-transport-security']).toBeUndefined();
  // a client's own claim of https counts only behind a trusted proxy (TRUST_PROXY is off here)
  const claimed = await request.get('/login', { headers: { 'x-forwarded-proto': 'https' } });
  expect(claimed.headers()['strict-transport-security']).toBeUndefined();
});

test('a chunk the build does not have is not found, never the app’s page in its place', async ({ request }) => {
  // what a phone still on an earlier version asks for after an update
  const res = await request.get('/assets/screen-of-an-earlier-build.js');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type'] ?? '').not.toContain('text/html');
});

test('the app runs under that policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /logg inn|log in/i })).toBeVisible();
  expect(violations).toEqual([]);
});
