import type { APIRequestContext, Browser, Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { BASE_URL } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { moveClock, newPlayer } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { nb, shoot } from './support/shots.ts';

/**
 * Live state on three screens at once: a player's phone, the admin's live floor plan
 * and the wall TV, all fed by the realtime gateway in `npm start`'s process. A player joins
 * → the TV and the floor plan show it within a second; the admin kicks the player from the
 * floor plan → the phone shows why and leaves for the payment overview. And the TV's memory
 * over hours of (accelerated) club time.
 */
const LIVE = { timeout: 1500 };

// Chromium tells the page its heap (precise) and lets it collect garbage: the TV memory test
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  },
});

/** A table of this test's own, so other specs' games never get in the way. */
async function newTable(api: APIRequestContext, adminToken: string, at: { x: number; y: number }) {
  const name = `Live ${Math.random().toString(36).slice(2, 6)}`;
  const answer = await api.post('/v1/table/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name, capacity: 4, price_per_minute: 250, ...at },
  });
  expect(answer.ok(), 'create a table').toBe(true);
  return ((await answer.json()) as { table: { id: number; name: string } }).table;
}

/** A screen of its own: a browser context with a viewport, logged in by cookie or not at all. */
async function screen(
  browser: Browser,
  options: { token?: string; phone?: boolean; width?: number; height?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: options.phone
      ? { width: 390, height: 844 }
      : { width: options.width ?? 1280, height: options.height ?? 800 },
    isMobile: Boolean(options.phone),
    hasTouch: Boolean(options.phone),
    locale: 'nb-NO',
  });
  if (options.token) {
    await context.addCookies(sessionCookies(options.token));
  }
  return context.newPage();
}

test('a phone, the admin floor plan and the TV stay in step: join within a second, kick sends the phone to pay', async ({
  browser,
  api,
  tokens,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  const playerToken = (await newPlayer(api, tokens.admin, 'Live-Lise')).token;
  const table = await newTable(api, tokens.admin, { x: 86, y: 82 });

  const tv = await screen(browser);
  const tvWorkers: string[] = [];
  tv.on('worker', (worker) => tvWorkers.push(worker.url()));
  await tv.goto('/tv');
  const tvCard = tv.getByTestId(`tv-table-${table.id}`);
  await expect(tvCard).toContainText(nb('live.status.free'));
  await expect(tvCard).toContainText(nb('live.tv.seats_free_other', { count: 4 }));
  await expect(tvCard.getByRole('img', { name: nb('live.tv.qr_alt', { name: table.name }) })).toBeVisible();
  // the code itself, drawn in the TV's QR worker (features/live/lib/table-qr.ts)
  await expect(tvCard.locator('.tv-card__qr svg')).toBeVisible();
  expect(tvWorkers).toContainEqual(expect.stringContaining('table-qr.worker'));

  const admin = await screen(browser, { token: tokens.admin });
  await admin.goto('/admin/live');
  await expect(admin.getByRole('heading', { level: 1, name: nb('live.admin.title') })).toBeVisible();
  const tile = admin.getByTestId(`floor-table-${table.id}`);
  await expect(tile).toContainText('0/4');
  await expect(admin.getByTestId('live-dot')).toHaveText(nb('live.dot.on'));

  const phone = await screen(browser, { token: playerToken, phone: true });
  await phone.goto(`/table/${table.id}`);
  await expect(phone.getByRole('heading', { level: 1, name: table.name })).toBeVisible();

  // the player starts a game: the TV and the floor plan follow without a reload
  await phone.getByRole('button', { name: nb('games.table.start') }).click();
  await expect(tvCard).toContainText(nb('live.status.playing'), LIVE);
  await expect(tvCard).toContainText(nb('live.tv.seats_free_other', { count: 3 }), LIVE);
  await expect(tvCard).not.toContainText('Live-Lise');
  await expect(tile).toContainText('1/4', LIVE);
  await expect(tile).toContainText(nb('live.status.playing'), LIVE);

  await checkA11y(tv);
  await shoot(tv, 'tv-playing');

  // the admin opens the table on the floor plan and kicks the player
  await tile.click();
  const panel = admin.getByTestId('table-panel');
  await expect(panel.getByRole('heading', { name: table.name })).toBeVisible();
  await expect(panel).toContainText('Live-Lise');
  await checkA11y(admin);
  await shoot(admin, 'floor-plan-open');
  await panel.getByRole('button', { name: nb('live.panel.kick_label', { name: 'Live-Lise' }) }).click();
  // the kiosk shows a player by full name
  const confirm = admin.getByRole('dialog', {
    name: nb('live.panel.kick_title', { name: 'Live-Lise Nybegynner' }),
  });
  await confirm.getByRole('button', { name: nb('live.panel.kick_confirm') }).click();

  // the phone says why and moves to the payment overview of the order the time became
  await expect(phone).toHaveURL(/\/payment\/overview\/\d+$/, LIVE);
  await expect(phone.getByTestId('live-kicked')).toContainText(nb('live.kicked.title'));
  await shoot(phone, 'phone-kicked');
  await expect(tvCard).toContainText(nb('live.status.free'), LIVE);
  await expect(tile).toContainText('0/4', LIVE);

  // the player chooses the card terminal: the admin's queue shows it, and one press approves it
  const orderId = Number(new URL(phone.url()).pathname.split('/').pop());
  const pay = await api.post('/v1/order/pay', {
    headers: { authorization: `Bearer ${playerToken}` },
    data: { id: orderId, method: 'physical' },
  });
  expect(pay.ok(), 'pay at the card terminal').toBe(true);
  const approve = admin.getByRole('button', { name: new RegExp(nb('live.approvals.approve')) });
  await expect(approve).toHaveCount(1, { timeout: 3000 });
  await admin.getByRole('button', { name: nb('live.panel.close'), exact: true }).click();
  await shoot(admin, 'floor-plan-queue');
  await approve.click();
  await expect(admin.getByText(nb('live.approvals.empty'))).toBeVisible({ timeout: 3000 });

  for (const page of [tv, admin, phone]) await page.context().close();
});

test('the admin arranges the floor: a table dragged, and moved with the arrow keys, stays where it was put', async ({
  browser,
  api,
  tokens,
}) => {
  const table = await newTable(api, tokens.admin, { x: 50, y: 50 });
  const admin = await screen(browser, { token: tokens.admin });
  await admin.goto('/admin/live');
  const tile = admin.getByTestId(`floor-table-${table.id}`);
  await expect(tile).toBeVisible();
  // x and y are percent of the floor's area (the plan keeps a margin around it)
  const box = (await admin.getByTestId('floor-area').boundingBox())!;
  const from = (await tile.boundingBox())!;
  const saved = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/table/update' && r.ok());
  await admin.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await admin.mouse.down();
  await admin.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.25, { steps: 8 });
  await admin.mouse.up();
  await saved;

  // the keyboard: two steps right (1 % each) from where the drag left it
  const keys = admin.waitForResponse((r) => new URL(r.url()).pathname === '/v1/table/update' && r.ok());
  await tile.focus();
  await admin.keyboard.press('ArrowRight');
  await admin.keyboard.press('ArrowRight');
  await keys;

  const stored = await api.get(`/v1/table/${table.id}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
  const { x, y } = ((await stored.json()) as { table: { x: number; y: number } }).table;
  expect(x).toBeCloseTo(32, 0);
  expect(y).toBeCloseTo(25, 0);
  // a reload draws it where it was saved
  await admin.reload();
  await expect(tile).toHaveAttribute('style', new RegExp(`left: ${x}%; top: ${y}%`));
  await admin.context().close();
});

test.describe('the wall TV over hours of club time', () => {
  test.afterEach(async ({ api }) => {
    await moveClock(api, { freeze: false });
  });

  test('its memory stays flat while hours of ticks and table changes go by', async ({ browser, api, tokens }) => {
    test.setTimeout(120_000);
    const playerToken = (await newPlayer(api, tokens.admin, 'Tv-Tor')).token;
    const table = await newTable(api, tokens.admin, { x: 12, y: 85 });
    const joined = await api.post('/v1/game/join', {
      headers: { authorization: `Bearer ${playerToken}` },
      data: { table_id: table.id },
    });
    expect(joined.ok(), 'the player starts a game').toBe(true);
    const gameId = ((await joined.json()) as { game: { id: number } }).game.id;

    const tv = await screen(browser, { width: 1920, height: 1080 });
    await tv.goto('/tv');
    const card = tv.getByTestId(`tv-table-${table.id}`);
    await expect(card).toContainText(nb('live.status.playing'));
    const heap = () =>
      tv.evaluate(async () => {
        const w = window as unknown as { gc?: () => void; performance: { memory?: { usedJSHeapSize: number } } };
        for (let i = 0; i < 3; i++) {
          w.gc?.();
          await new Promise((r) => setTimeout(r, 50));
        }
        return w.performance.memory?.usedJSHeapSize ?? 0;
      });

    // warm up: the first rounds fill caches that live as long as the page
    const pause = async (paused: boolean) => {
      const answer = await api.post(paused ? '/v1/game/pause' : '/v1/game/unpause', {
        headers: { authorization: `Bearer ${tokens.admin}` },
        data: { game_id: gameId },
      });
      expect(answer.ok(), paused ? 'pause' : 'unpause').toBe(true);
      await expect(card).toContainText(nb(paused ? 'live.status.paused' : 'live.status.playing'), LIVE);
    };
    for (let i = 0; i < 3; i++) {
      await pause(true);
      await pause(false);
    }
    const start = await heap();
    expect(start, 'Chromium reports the heap').toBeGreaterThan(0);

    // six hours of club time in five-minute steps, the table paused and resumed every half hour
    for (let step = 1; step <= 72; step++) {
      await moveClock(api, { advance_ms: 5 * 60_000 });
      if (step % 6 === 0) {
        await pause(true);
        await pause(false);
      }
    }
    await expect(card).toContainText(nb('live.status.playing'));
    const end = await heap();
    console.log(`TV heap: ${(start / 1e6).toFixed(2)} MB → ${(end / 1e6).toFixed(2)} MB`);
    expect(end, 'heap at the end vs the start').toBeLessThan(start * 1.5);
    expect(end - start, 'heap growth in bytes').toBeLessThan(5 * 1024 * 1024);
    await tv.context().close();
  });
});

test('the wall TV shows every table on one screen, none cut off; a phone scrolls the list instead', async ({
  browser,
  api,
  tokens,
}) => {
  // a club bigger than one screen of the old list held: the cards shrink to fit, not off the bottom
  const added: Awaited<ReturnType<typeof newTable>>[] = [];
  for (let i = 0; i < 14; i++) added.push(await newTable(api, tokens.admin, { x: 5 + ((i * 7) % 90), y: 92 }));
  // one of them paused: the longest status, beside the time played
  const playerToken = (await newPlayer(api, tokens.admin, 'Tv-Pia')).token;
  const auth = { authorization: `Bearer ${playerToken}` };
  const joined = await api.post('/v1/game/join', { headers: auth, data: { table_id: added[0]!.id } });
  const gameId = ((await joined.json()) as { game: { id: number } }).game.id;
  expect((await api.post('/v1/game/pause', { headers: auth, data: { game_id: gameId } })).ok(), 'paused').toBe(true);

  const tv = await screen(browser, { width: 1920, height: 1080 });
  await tv.goto('/tv');
  for (const table of added) await expect(tv.getByTestId(`tv-table-${table.id}`)).toContainText(table.name);
  await expect(tv.getByTestId(`tv-table-${added[0]!.id}`)).toContainText(nb('live.status.paused'));
  /** `longest`: the paused card's time as a game of a whole day would show it (React's next tick redraws it) */
  const board = (longest = false) =>
    tv.evaluate(
      ({ longest, pausedId, ours }) => {
        if (longest) {
          const elapsed = document.querySelector(`[data-testid="tv-table-${pausedId}"] .tv-card__elapsed`);
          const copy = elapsed?.cloneNode() as HTMLElement;
          copy.textContent = '23\u00a0t 59\u00a0min';
          elapsed?.replaceWith(copy);
        }
        const cards = [...document.querySelectorAll<HTMLElement>('.tv-card')];
        const wider = (box: HTMLElement) => box.scrollWidth > box.clientWidth + 1;
        const spills = (box: HTMLElement) => box.scrollHeight > box.clientHeight + 1 || wider(box);
        return {
          cards: cards.length,
          scrolls: document.documentElement.scrollHeight > window.innerHeight,
          offScreen: cards.filter((c) => {
            const box = c.getBoundingClientRect();
            return box.bottom > window.innerHeight || box.right > window.innerWidth;
          }).length,
          // a card whose content is cut, or a text wider than its own box (a time over the QR
          // code; a glyph above a tight line height is no cut). A long name ends in an ellipsis
          // by design (other specs' tables have some): this test's short ones must be whole
          cut: cards.filter(
            (c) =>
              spills(c) ||
              [...c.querySelectorAll<HTMLElement>('.tv-card__main > :not(.tv-card__name)')].some(wider) ||
              (ours.includes(c.dataset.testid ?? '') && wider(c.querySelector<HTMLElement>('.tv-card__name')!)),
          ).length,
        };
      },
      { longest, pausedId: added[0]!.id, ours: added.map((t) => `tv-table-${t.id}`) },
    );
  const wall = await board();
  expect(wall.cards).toBeGreaterThanOrEqual(added.length);
  expect(wall).toMatchObject({ scrolls: false, offScreen: 0, cut: 0 });
  expect(await board(true)).toMatchObject({ scrolls: false, offScreen: 0, cut: 0 });
  await tv.screenshot({ path: test.info().outputPath('tv-wall.png') });

  // the same board on a phone: a list to scroll, the cards at their full size
  await tv.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await board()).scrolls).toBe(true);
  expect((await board(true)).cut).toBe(0);

  // a board first drawn on a phone works out its grid once the screen turns to the wall's shape
  await tv.reload();
  await expect(tv.getByTestId(`tv-table-${added[0]!.id}`)).toBeVisible();
  await tv.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(board).toMatchObject({ scrolls: false, offScreen: 0, cut: 0 });
  await api.post('/v1/game/leave', { headers: auth, data: { game_id: gameId } });
  await tv.context().close();
});
