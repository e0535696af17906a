import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { moveClock, newPlayer } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { kr } from './support/shots.ts';

/**
 * Live server state reaches the screen one way: the socket's events write the query cache.
 * A player watching their game makes no API request of their own while nothing happens —
 * the bill ticks on the phone, the gateway's minute ticks confirm it.
 */
const MINUTE = 60_000;

async function newTable(api: APIRequestContext, adminToken: string) {
  const name = `Stille ${Math.random().toString(36).slice(2, 6)}`;
  const answer = await api.post('/v1/table/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name, capacity: 4, price_per_minute: 250, x: 12, y: 88 },
  });
  expect(answer.ok(), 'create a table').toBe(true);
  return ((await answer.json()) as { table: { id: number; name: string } }).table;
}

/** Resolves when the page's socket has received the first snapshot of a room of each kind. */
function roomsJoined(page: Page, kinds: string[]): Promise<void> {
  return new Promise((resolve) => {
    const waiting = new Set(kinds);
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        for (const kind of waiting) if (String(payload).includes(`"kind":"${kind}"`)) waiting.delete(kind);
        if (waiting.size === 0) resolve();
      });
    });
  });
}

/** Every request the page makes to the kiosk API from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/')) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

test.afterEach(async ({ api }) => {
  await moveClock(api, { freeze: false });
});

test('a player watching a running game makes no API request for 20 s; the gateway’s ticks move the bill', async ({
  page,
  api,
  tokens,
}) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Stine');
  const table = await newTable(api, tokens.admin);
  await moveClock(api, { freeze: true });
  const joined = await api.post('/v1/game/join', {
    headers: { authorization: `Bearer ${player.token}` },
    data: { table_id: table.id },
  });
  expect(joined.ok(), 'join the game').toBe(true);

  await page.clock.install();
  const live = roomsJoined(page, ['user', 'table']);
  await page.context().addCookies(sessionCookies(player.token));
  await page.goto(`/table/${table.id}`);
  await expect(page.getByTestId('my-bill-total')).toHaveText(kr(250));
  // the page is up and its live rooms are joined (their snapshots may refresh, once, what was
  // read before): from here on, only the socket speaks
  await live;
  await page.clock.runFor(2_000);
  const requests = apiRequests(page);

  await page.clock.runFor(20_000);
  expect(requests, 'API requests while watching').toEqual([]);

  // the server's clock moves on: the gateway's tick brings the new total, still without a request
  await moveClock(api, { advance_ms: 2 * MINUTE + 30_000 });
  await expect(page.getByTestId('my-bill-total')).toHaveText(kr(3 * 250), { timeout: 10_000 });
  await page.clock.runFor(5_000);
  expect(requests, 'API requests after the tick').toEqual([]);
});

/** The page's own scripts that carry zod (the answers' schemas): a worker's are its own file. */
function schemaScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (request.resourceType() === 'script' && /^(first-)?answers-/.test(file)) seen.push(file);
  });
  return seen;
}

test('a phone opening the home page in a quiet club joins its rooms after its reads, reads nothing again, and checks them in a worker', async ({
  page,
  api,
  tokens,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Ola');
  const requests = apiRequests(page);
  const schemas = schemaScripts(page);
  let atJoin = -1;
  const joined = roomsJoined(page, ['user']).then(() => {
    atJoin = requests.length;
  });
  await page.context().addCookies(sessionCookies(player.token));
  await page.goto('/');
  await joined;
  // time for whatever the join would ask for (the first of a second comes at once)
  await page.waitForTimeout(1_500);
  const before = requests.slice(0, atJoin);
  expect(before, 'the home page read its lists').toContain('GET /v1/user/my-active-subscription');
  // nothing was sent to the player's rooms since those reads: the snapshot says so (room_seq)
  expect(requests.slice(atJoin).filter((request) => before.includes(request))).toEqual([]);
  // and no list is read twice on the way: what the first screen read is not read again on mount
  expect(requests.filter((request, i) => requests.indexOf(request) !== i)).toEqual([]);
  // the answers and the rooms' snapshots were checked in the checks' worker, not on the page
  expect(schemas, 'zod and the schemas loaded on the page').toEqual([]);
  expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringContaining('schema-checks.worker'));
});

test('the TV loads the browser’s date data in a worker of its own while its code and reads download', async ({
  page,
}) => {
  // the TV's clock and opening hours are in the club's time zone: its first date formatter then
  // finds the data loaded (web/plugins/warm-intl.ts), instead of loading it on the page's thread
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/tv');
  await expect(page.getByTestId('tv-open')).toBeVisible();
  expect(workers).toContainEqual(expect.stringContaining('/assets/warm-intl-'));
});

test('the code a phone runs on opening the start page is compiled as it downloads', async ({ page, api, tokens }) => {
  const player = await newPlayer(api, tokens.admin, 'Kari');
  // the app's own chunks: not the texts (data), the preload script or the workers
  const code: Promise<{ file: string; hinted: boolean }>[] = [];
  const collect = (response: Response) => {
    const file = new URL(response.url()).pathname.split('/').pop() ?? '';
    if (
      response.request().resourceType() !== 'script' ||
      /^(texts-|first-screen-|warm-intl-)|\.(nb|en)-|worker/.test(file)
    )
      return;
    code.push(response.text().then((text) => ({ file, hinted: text.startsWith('//# allFunctionsCalledOnLoad\n') })));
  };
  page.on('response', collect);
  await page.context().addCookies(sessionCookies(player.token));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // what the page fetches later (a chunk loaded after the first screen) is not read: its body
  // would still be on its way when the test ends
  page.off('response', collect);
  const scripts = await Promise.all(code);
  expect(scripts.length, 'the start page ran scripts').toBeGreaterThan(5);
  expect(scripts.filter((s) => !s.hinted).map((s) => s.file)).toEqual([]);
});
