import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { moveClock, newPlayer, newTable, type Player, playAndLeave } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { nb, shoot } from './support/shots.ts';

/**
 * The keyholder club (DESIGN §14) on the demo's simulated relays (an in-process broker, a
 * relay per configured light): a player joins in Chromium and the live floor, the TV and the
 * table page show the light on as the relay reported it; leaving turns it off after the
 * club's delay; a member with door access unlocks the door from the phone and a lapsed one
 * is refused; staff read every try in the access log.
 */

/** the demo starts a relay for a new light within ~2 s, and it reports at once */
const DEVICE = { timeout: 8_000 };
/** a screen's first load on a machine shared by many (the app's code, the texts, the first reads) */
const FIRST = { timeout: 20_000 };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A screen of its own: a phone or a desktop, logged in by cookie or not at all. */
async function screen(browser: Browser, options: { token?: string; phone?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: Boolean(options.phone),
    hasTouch: Boolean(options.phone),
    locale: 'nb-NO',
  });
  if (options.token) await context.addCookies(sessionCookies(options.token));
  return context.newPage();
}

type Settings = Record<string, unknown>;

async function deviceSettings(api: APIRequestContext, admin: string): Promise<Settings> {
  const answer = await api.get('/v1/settings/devices', { headers: bearer(admin) });
  expect(answer.ok(), 'read the device settings').toBe(true);
  return ((await answer.json()) as { settings: Settings }).settings;
}

async function saveSettings(api: APIRequestContext, admin: string, settings: Settings) {
  const answer = await api.post('/v1/settings/devices', { headers: bearer(admin), data: settings });
  expect(answer.ok(), 'save the device settings').toBe(true);
}

/** A table of the test's own with a light on the demo's broker (a Tasmota relay). */
async function tableWithLight(api: APIRequestContext, admin: string, at: { x: number; y: number }) {
  const table = await newTable(api, admin, { name: `Lys ${Math.random().toString(36).slice(2, 6)}`, ...at });
  const answer = await api.post('/v1/table/update', {
    headers: bearer(admin),
    data: {
      id: table.id,
      name: table.name,
      capacity: 4,
      price_per_minute: 250,
      active: true,
      ...at,
      light: { kind: 'tasmota', topic: `e2e_lys_${table.id}` },
    },
  });
  expect(answer.ok(), 'give the table a light').toBe(true);
  return table;
}

/** A member whose prepaid hours grant door access (`lapsed`: the hours are gone again). */
async function member(api: APIRequestContext, admin: string, name: string, lapsed: boolean): Promise<Player> {
  const player = await newPlayer(api, admin, name);
  const product = await api.post('/v1/subscription/create', {
    headers: bearer(admin),
    data: { name: `Nøkkel ${name}`, duration: 10, price: 50_000, active: false, door_access: true },
  });
  expect(product.ok(), 'a subscription product with door access').toBe(true);
  const { subscription } = (await product.json()) as { subscription: { id: number } };
  const added = await api.post('/v1/subscription/add', {
    headers: bearer(admin),
    data: { user_id: player.id, subscription_id: subscription.id },
  });
  expect(added.ok(), 'give the member the hours').toBe(true);
  if (lapsed) await lapse(api, admin, player);
  return player;
}

/** The member's hours end (staff remove them): the door is no longer theirs to open. */
async function lapse(api: APIRequestContext, admin: string, player: Player) {
  const list = await api.get(`/v1/user/${player.id}/subscriptions`, { headers: bearer(admin) });
  expect(list.ok(), 'the member’s hours').toBe(true);
  const { data } = (await list.json()) as { data: { id: number; status: string }[] };
  for (const held of data.filter((s) => s.status === 'active')) {
    const removed = await api.post('/v1/subscription/remove', { headers: bearer(admin), data: { id: held.id } });
    expect(removed.ok(), 'remove the member’s hours').toBe(true);
  }
}

/** Staff end every game still running (earlier specs' leftovers): the club is empty. */
async function emptyTheClub(api: APIRequestContext, admin: string) {
  const tables = await api.get('/v1/table/all', { headers: bearer(admin) });
  const { data } = (await tables.json()) as { data: { id: number; game_id: number | null }[] };
  for (const { id, game_id } of data.filter((t) => t.game_id !== null)) {
    const one = await api.get(`/v1/table/${id}`, { headers: bearer(admin) });
    const { table } = (await one.json()) as {
      table: { game: { players: { id: number; status: string; guest_of: number | null }[] } | null };
    };
    for (const host of table.game?.players.filter((p) => p.status === 'joined' && p.guest_of === null) ?? []) {
      await api.post('/v1/game/kick', { headers: bearer(admin), data: { game_id, player_id: host.id } });
    }
  }
}

const ALL_DAY = { open: '00:00', close: '00:00' };

test.describe('the keyholder club', () => {
  let saved: Settings | null = null;

  test.beforeAll(async ({ api, tokens }) => {
    saved = await deviceSettings(api, tokens.admin);
    // a short delay before the light goes off; members may open at any hour (the test's clock
    // may stand outside opening hours)
    await saveSettings(api, tokens.admin, { ...saved, lights_off_after_minutes: 1, door_members_always: true });
  });

  test.afterAll(async ({ api, tokens }) => {
    if (saved) await saveSettings(api, tokens.admin, saved);
  });

  test('a join lights the table as its relay reports it, on the floor, the TV and the phone; leaving darkens it after the delay', async ({
    browser,
    api,
    tokens,
    checkA11y,
  }) => {
    test.setTimeout(240_000);
    const table = await tableWithLight(api, tokens.admin, { x: 14, y: 86 });
    const player = await newPlayer(api, tokens.admin, 'Lys-Lise');

    const admin = await screen(browser, { token: tokens.admin });
    await admin.goto('/admin/live');
    const tile = admin.getByTestId(`floor-light-${table.id}`);
    // the relay's first report: off
    await expect(tile).toHaveAttribute('data-light-state', 'off', FIRST);
    await expect(tile).toContainText(nb('lights.state.off'));

    const tv = await screen(browser);
    await tv.goto('/tv');
    const tvLight = tv.getByTestId(`tv-light-${table.id}`);
    await expect(tvLight).toHaveAttribute('data-light-state', 'off', DEVICE);
    const cardBefore = await tv.getByTestId(`tv-table-${table.id}`).boundingBox();

    const phone = await screen(browser, { token: player.token, phone: true });
    await phone.goto(`/table/${table.id}`);
    await phone.getByRole('button', { name: nb('games.table.start') }).click();
    await expect(phone.getByTestId('my-bill-total')).toBeVisible();

    // on as reported, within 2 s of the join, everywhere
    await expect(tile).toHaveAttribute('data-light-state', 'on', { timeout: 2_000 });
    await expect(tile).toContainText(nb('lights.state.on'));
    await expect(tvLight).toHaveAttribute('data-light-state', 'on', { timeout: 2_000 });
    await expect(tvLight).toContainText(nb('lights.state.on'));
    await expect(phone.getByTestId('table-light')).toHaveAttribute('data-light-state', 'on', { timeout: 2_000 });
    // the TV's card kept its size as the light changed (the light sits out of the flow)
    const cardAfter = await tv.getByTestId(`tv-table-${table.id}`).boundingBox();
    expect(cardAfter?.height).toBe(cardBefore?.height);
    await shoot(tv, 'lights-tv');
    await shoot(phone, 'lights-table-page');

    // the staff's panel: the light and its override
    await admin.getByTestId(`floor-table-${table.id}`).click();
    const control = admin.getByTestId('light-control');
    await expect(control).toContainText(nb('devices.light.title'));
    await expect(control.getByRole('button', { name: nb('devices.light.mode_auto') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // darkening a running game asks first; cancelling changes nothing
    await control.getByRole('button', { name: nb('devices.light.mode_off') }).click();
    const ask = admin.getByRole('dialog', { name: nb('devices.light.off_title', { table: table.name }) });
    await expect(ask).toBeVisible();
    await shoot(admin, 'lights-floor-confirm-off');
    await ask.getByRole('button', { name: nb('common.cancel') }).click();
    await expect(ask).toBeHidden();
    await expect(tile).toHaveAttribute('data-light-state', 'on');
    await checkA11y(admin);
    await shoot(admin, 'lights-floor');

    // leaving: still on during the delay, off once it has passed (the test clock moves a minute)
    await phone.getByRole('button', { name: nb('games.table.leave') }).click();
    await phone
      .getByRole('dialog')
      .getByRole('button', { name: nb('games.table.leave') })
      .click();
    await expect(phone).toHaveURL(/\/payment\/overview\/\d+/);
    await expect(admin.getByTestId(`floor-table-${table.id}`)).toContainText(nb('live.status.free'));
    await expect(tile).toHaveAttribute('data-light-state', 'on');
    await moveClock(api, { advance_ms: 61_000 });
    await expect(tile).toHaveAttribute('data-light-state', 'off', DEVICE);
    await expect(tvLight).toHaveAttribute('data-light-state', 'off', DEVICE);
    await Promise.all([admin.context().close(), tv.context().close(), phone.context().close()]);
  });

  test('a member with door access unlocks the door from the phone; a lapsed one is refused, and staff see both in the access log', async ({
    browser,
    api,
    tokens,
    checkA11y,
  }) => {
    test.setTimeout(240_000);
    const keyholder = await member(api, tokens.admin, 'Dør-Dina', false);
    const lapsed = await member(api, tokens.admin, 'Dør-Dag', true);

    // the member: "Lås opp døren" on the home page, and the relay confirms the pulse
    const phone = await screen(browser, { token: keyholder.token, phone: true });
    await phone.goto('/');
    const card = phone.getByTestId('door-card');
    await expect(card).toBeVisible(FIRST);
    await card.getByRole('button', { name: nb('lights.door.open') }).click();
    await expect(card.getByTestId('door-feedback')).toContainText(nb('lights.door.opened'), DEVICE);
    await checkA11y(phone);
    await shoot(phone, 'lights-door-opened');

    // the lapsed member is not offered the door, and the server refuses it when asked anyway
    const refused = await screen(browser, { token: lapsed.token, phone: true });
    await refused.goto('/');
    await expect(refused.getByRole('heading', { level: 1 })).toBeVisible(FIRST);
    await expect(refused.getByTestId('door-card')).toHaveCount(0);
    const tried = await api.post('/v1/door/open', { headers: bearer(lapsed.token), data: {} });
    expect(tried.status()).toBe(403);
    expect(((await tried.json()) as { message: string }).message).toBe('error.door_not_allowed');

    // hours that end while the button is on the screen: the tap is refused, in words
    await phone.reload();
    await expect(card).toBeVisible();
    await lapse(api, tokens.admin, keyholder);
    await card.getByRole('button', { name: nb('lights.door.open') }).click();
    await expect(card.getByTestId('door-feedback')).toContainText(nb('lights.door.not_allowed'));
    await shoot(phone, 'lights-door-refused');

    // staff: every try, filtered by result
    const admin = await screen(browser, { token: tokens.admin });
    await admin.goto('/admin/door-log');
    await expect(admin.getByRole('heading', { level: 1, name: nb('devices.log.title') })).toBeVisible();
    const log = admin.getByTestId('door-log');
    await expect(log.getByRole('row', { name: new RegExp(keyholder.name) }).first()).toBeVisible();
    await admin.getByLabel(nb('devices.log.result')).selectOption('not_allowed');
    await expect(admin).toHaveURL(/result=not_allowed/);
    await expect(log.locator('tbody tr[data-result="opened"]')).toHaveCount(0);
    await expect(log.getByRole('row', { name: new RegExp(lapsed.name) })).toBeVisible();
    await checkA11y(admin);
    await shoot(admin, 'lights-access-log');
    // a filter nobody matches: the empty state says so
    await admin.getByLabel(nb('devices.log.from')).fill('2001-01-01');
    await admin.getByLabel(nb('devices.log.to')).fill('2001-01-02');
    await expect(admin.getByText(nb('devices.log.empty_filtered'))).toBeVisible();
    await Promise.all([admin.context().close(), refused.context().close(), phone.context().close()]);
  });

  test('staff set the devices and each table’s light', async ({ browser, api, tokens, checkA11y }) => {
    test.setTimeout(240_000);
    const table = await tableWithLight(api, tokens.admin, { x: 30, y: 86 });
    const admin = await screen(browser, { token: tokens.admin });
    await admin.goto('/admin/devices');
    await expect(admin.getByRole('heading', { level: 1, name: nb('lights.nav.devices') })).toBeVisible(FIRST);
    // the demo's broker is the simulated one
    await expect(admin.getByTestId('broker-status')).toContainText(nb('devices.broker.simulated'));
    await expect(admin.getByLabel(nb('devices.lights.off_after'))).toHaveValue('1');
    await checkA11y(admin);
    await shoot(admin, 'lights-devices');

    // a minute more before the lights go off, saved and read back
    await admin.getByLabel(nb('devices.lights.off_after')).fill('2');
    await admin.getByRole('button', { name: nb('common.save') }).click();
    await expect(admin.getByText(nb('devices.saved'))).toBeVisible();
    expect((await deviceSettings(api, tokens.admin)).lights_off_after_minutes).toBe(2);

    // the tables admin: a light per table, its topic checked before it is sent
    await admin.goto('/admin/tables?tab=lights');
    const row = admin.getByTestId(`light-row-${table.id}`);
    await expect(row.getByRole('combobox')).toHaveValue('tasmota');
    await expect(row).toContainText(nb('lights.state.off'), DEVICE);
    const topic = row.getByRole('textbox');
    await topic.fill('bord/#');
    await row.getByRole('button', { name: nb('devices.tab_save_named', { table: table.name }) }).click();
    await expect(topic).toHaveAttribute('aria-invalid', 'true');
    await topic.fill(`e2e_lys_${table.id}_ny`);
    await row.getByRole('button', { name: nb('devices.tab_save_named', { table: table.name }) }).click();
    await expect(admin.getByText(nb('devices.tab_saved', { table: table.name }))).toBeVisible();
    await checkA11y(admin);
    await shoot(admin, 'lights-tables-admin');
    await admin.context().close();
  });

  test('unstaffed hours: a host with an unpaid bill may not leave with guests, and the last one out is reminded to close the door', async ({
    browser,
    api,
    tokens,
    checkA11y,
  }) => {
    test.setTimeout(240_000);
    const current = await deviceSettings(api, tokens.admin);
    await saveSettings(api, tokens.admin, { ...current, unstaffed_hours: Array(7).fill(ALL_DAY) });
    const host = await newPlayer(api, tokens.admin, 'Vert-Vera');
    const first = await newTable(api, tokens.admin, { x: 46, y: 86 });
    const second = await newTable(api, tokens.admin, { x: 62, y: 86 });

    // an earlier game left unpaid, then a game with a guest
    await playAndLeave(api, host, first.id, 5);
    const joined = await api.post('/v1/game/join', { headers: bearer(host.token), data: { table_id: second.id } });
    expect(joined.ok(), 'join').toBe(true);
    const { game } = (await joined.json()) as { game: { id: number } };
    const guest = await api.post('/v1/game/join-guest', {
      headers: bearer(host.token),
      data: { game_id: game.id, name: 'Gjest Geir' },
    });
    expect(guest.ok(), 'bring a guest').toBe(true);

    const phone = await screen(browser, { token: host.token, phone: true });
    await phone.goto(`/table/${second.id}`);
    await phone.getByRole('button', { name: nb('games.table.leave') }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByRole('button', { name: nb('games.table.leave') }).click();
    const refusal = dialog.getByTestId('leave-unpaid');
    await expect(refusal).toContainText(nb('lights.leave.unpaid_title'));
    await expect(refusal.getByRole('link', { name: nb('lights.leave.unpaid_link') })).toBeVisible();
    await expect(phone).toHaveURL(new RegExp(`/table/${second.id}$`));
    await checkA11y(phone);
    await shoot(phone, 'lights-leave-refused');
    await dialog.getByRole('button', { name: nb('common.cancel') }).click();

    // the last one out: alone in the club, the leave says to close the door
    await emptyTheClub(api, tokens.admin);
    const last = await newPlayer(api, tokens.admin, 'Sist-Siri');
    const lastPhone = await screen(browser, { token: last.token, phone: true });
    await lastPhone.goto(`/table/${first.id}`);
    await lastPhone.getByRole('button', { name: nb('games.table.start') }).click();
    await expect(lastPhone.getByTestId('my-bill-total')).toBeVisible();
    await lastPhone.getByRole('button', { name: nb('games.table.leave') }).click();
    await lastPhone
      .getByRole('dialog')
      .getByRole('button', { name: nb('games.table.leave') })
      .click();
    const reminder = lastPhone.getByRole('dialog', { name: nb('lights.leave.last_out_title') });
    await expect(reminder).toBeVisible();
    await expect(reminder).toContainText(nb('lights.leave.last_out_text'));
    await checkA11y(lastPhone);
    await shoot(lastPhone, 'lights-last-out');
    await reminder.getByRole('button', { name: nb('lights.leave.last_out_ok') }).click();
    await expect(reminder).toBeHidden();
    // once acknowledged it stays gone, also after a reload
    await lastPhone.reload();
    await expect(lastPhone.getByRole('dialog', { name: nb('lights.leave.last_out_title') })).toHaveCount(0);
    await saveSettings(api, tokens.admin, current);
    await Promise.all([phone.context().close(), lastPhone.context().close()]);
  });
});
