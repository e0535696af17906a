import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { nb } from './support/shots.ts';

/**
 * The wall TV says when it has lost the club: a badge after 10–20 s without the gateway
 * (not at a blip), gone as soon as it is back. The gateway's socket runs through the test,
 * which cuts it and refuses new ones while "offline".
 */
test('the wall TV shows an offline badge after 15 s without the gateway, and clears it on reconnect', async ({
  page,
}) => {
  test.setTimeout(60_000);
  let offline = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (offline) {
      ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.clock.install();
  await page.goto('/tv');
  await expect(page.getByRole('list', { name: nb('live.tv.tables') })).toBeVisible();
  const badge = page.getByTestId('tv-offline');
  await expect(badge).toHaveCount(0);

  offline = true;
  for (const ws of sockets.splice(0)) await ws.close();
  await page.clock.runFor(5_000);
  await expect(badge, 'a blip stays silent').toHaveCount(0);
  await page.clock.runFor(12_000);
  await expect(badge).toBeVisible();
  await expect(badge).toContainText(nb('live.tv.offline', { time: '' }).replace(/\s*$/, '').slice(0, 10));

  offline = false;
  // the client's backoff is at most 30 s. The clock moves a second at a time, so a reconnect's
  // handshake (over the real network) can finish before its connect timeout (on the test's
  // clock) would cut it, as it would in real time
  for (let second = 0; second < 31 && (await badge.count()) > 0; second++) {
    await page.clock.runFor(1_000);
    await page.waitForTimeout(50);
  }
  await expect(badge).toHaveCount(0);
});
