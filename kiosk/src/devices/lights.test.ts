import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TIMEOUT_MS, type DeviceClub, sleep, startDeviceClub, waitFor } from '../../tests/devices-kit.ts';
import { advance, newPlayer } from '../../tests/harness.ts';
import { mosquittoSkip } from '../../tests/mosquitto.ts';

const MIN = 60_000;
const skip = mosquittoSkip('table lights against Mosquitto');
let club: DeviceClub;

beforeAll(async () => {
  if (skip) return;
  club = await startDeviceClub();
  await club.settings({ lights_off_after_minutes: 2, lights_on_before_booking_minutes: 5 });
});
afterAll(() => club?.close());

const join = async (tableId: number) => {
  const player = await newPlayer(club.k);
  const answer = await club.k.post('/v1/game/join', { table_id: tableId }, player.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...player, gameId: (answer.body.game as { id: number }).id };
};
const leave = async (p: { token: string; gameId: number }) => {
  const answer = await club.k.post('/v1/game/leave', { game_id: p.gameId }, p.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
const lightOf = async (id: number) => (await club.table(id)).light;
const offsSince = (device: { switches: { on: boolean; at: number }[] }, since: number) =>
  device.switches.filter((s) => !s.on && s.at >= since).length;

describe.skipIf(skip)('lights follow play (a real Mosquitto, simulated Tasmota and Shelly relays)', () => {
  for (const kind of ['tasmota', 'shelly'] as const) {
    it(`${kind}: the first join turns the light on, and the table shows it once the relay confirms`, async () => {
      const { table, device } = await club.litTable(kind);
      expect(table.light).toEqual({ mode: 'auto', state: 'off' });
      await join(table.id);
      // within 2 s of the join's answer, as the floor shows it
      await waitFor(
        async () =>
          ((await club.k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === table.id)?.light?.state ===
          'on',
        'the light reported on',
        2_000,
      );
      expect(device.on).toBe(true);
    });
  }

  it('turns the light off the minutes after the table is free, not before', async () => {
    const { table, device } = await club.litTable('tasmota');
    const p = await join(table.id);
    await waitFor(() => device.on, 'on');
    await leave(p);
    await advance(club.k, 1 * MIN + 50_000);
    await sleep(400);
    expect(device.on).toBe(true);
    expect((await lightOf(table.id))?.state).toBe('on');
    await advance(club.k, 15_000);
    await waitFor(async () => (await lightOf(table.id))?.state === 'off', 'off after the delay');
    expect(device.on).toBe(false);
  });

  it('keeps the light on when someone joins within the delay', async () => {
    const { table, device } = await club.litTable('shelly');
    const first = await join(table.id);
    await waitFor(() => device.on, 'on');
    const since = Date.now();
    await leave(first);
    await advance(club.k, 1 * MIN);
    await join(table.id);
    await advance(club.k, 5 * MIN);
    await sleep(400);
    expect(device.on).toBe(true);
    expect(offsSince(device, since)).toBe(0);
  });

  it('lights the table again when someone joins while its off command is still unconfirmed', async () => {
    const { table, device } = await club.litTable('tasmota');
    const first = await join(table.id);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'on');
    await leave(first);
    // the relay obeys the delay's OFF at once, but its answer comes late: after the next join
    const release = device.hold();
    await advance(club.k, 3 * MIN);
    await waitFor(() => !device.on, 'the OFF obeyed');
    await join(table.id);
    await sleep(300);
    release();
    await waitFor(() => device.on, 'on again for the new game', 2_000);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'shown on');
  });

  it('darkens the table again when it is free by the time its on command is confirmed', async () => {
    const { table, device } = await club.litTable('shelly');
    const release = device.hold();
    const p = await join(table.id);
    await waitFor(() => device.on, 'the ON obeyed');
    await leave(p);
    await advance(club.k, 3 * MIN);
    await sleep(300);
    release();
    await waitFor(() => !device.on, 'off: nobody plays there', 2_000);
    await waitFor(async () => (await lightOf(table.id))?.state === 'off', 'shown off');
  });

  it('turns the light on the minutes before a booking starts', async () => {
    const { table, device } = await club.litTable('tasmota');
    const holder = await newPlayer(club.k);
    const { reservations } = await import('../db/schema.ts');
    const { clock } = await import('@club/shared/clock');
    const start = new Date(clock.nowMs() + 10 * MIN);
    await club.k.kiosk.database.db.insert(reservations).values({
      tableId: table.id,
      kind: 'booking',
      status: 'booked',
      userId: holder.user.id,
      name: 'Kari',
      partySize: 2,
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * MIN),
    });
    await advance(club.k, 4 * MIN);
    await sleep(400);
    expect(device.on).toBe(false);
    await advance(club.k, 1 * MIN + 1_000);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'on five minutes before the booking');
  });

  it('lets staff hold a light, asks before darkening a game, and logs who did it and when', async () => {
    const { table, device } = await club.litTable('shelly');
    await join(table.id);
    await waitFor(() => device.on, 'on');
    const refused = await club.k.post('/v1/table/light', { table_id: table.id, mode: 'off' }, club.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('error.light_confirm_required');
    expect(device.on).toBe(true);

    const player = await newPlayer(club.k);
    const notStaff = await club.k.post(
      '/v1/table/light',
      { table_id: table.id, mode: 'off', confirm: true },
      player.token,
    );
    expect(notStaff.status).toBe(403);

    const off = await club.k.post('/v1/table/light', { table_id: table.id, mode: 'off', confirm: true }, club.admin);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((off.body.table as TTable).light?.mode).toBe('off');
    await waitFor(async () => (await lightOf(table.id))?.state === 'off', 'held off');
    expect(device.on).toBe(false);

    const auto = await club.k.post('/v1/table/light', { table_id: table.id, mode: 'auto' }, club.admin);
    expect(auto.status).toBe(200);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'back to play: on');

    const log = await club.k.get(`/v1/table/light/log?table_id=${table.id}`, club.admin);
    expect(log.status).toBe(200);
    const rows = log.body.data as { mode: string; user_name: string; during_game: boolean; at: string }[];
    expect(rows.map((r) => r.mode)).toEqual(['auto', 'off']);
    expect(rows[1]).toMatchObject({ during_game: true, user_name: expect.any(String) });
    expect((await club.k.get('/v1/table/light/log', player.token)).status).toBe(403);

    const none = await club.k.post(
      '/v1/table/create',
      { name: 'Uten lys', capacity: 2, price_per_minute: 100 },
      club.admin,
    );
    const bare = await club.k.post(
      '/v1/table/light',
      { table_id: (none.body.table as TTable).id, mode: 'on' },
      club.admin,
    );
    expect(bare.body.message).toBe('error.light_not_configured');
  });

  it('shows a relay that drops off the network as offline and alerts staff on the live floor', async () => {
    const { table, device } = await club.litTable('tasmota');
    await device.cut();
    await waitFor(async () => (await lightOf(table.id))?.state === 'offline', 'offline from its Last Will');
    await waitFor(async () => {
      const notes = await club.k.get('/v1/notification/my', club.admin);
      return JSON.stringify(notes.body).includes(table.name);
    }, 'the staff alert');
    await device.restore();
    await waitFor(async () => (await lightOf(table.id))?.state === 'off', 'back');
  });

  it('shows a relay that stops answering commands as offline after the timeout', async () => {
    const { table, device } = await club.litTable('shelly');
    device.answering = false;
    await join(table.id);
    await sleep(DEVICE_TIMEOUT_MS / 2);
    expect((await lightOf(table.id))?.state).toBe('off');
    await waitFor(
      async () => (await lightOf(table.id))?.state === 'offline',
      'offline after no answer',
      DEVICE_TIMEOUT_MS * 3,
    );
    device.answering = true;
    // its next report brings it back
    device.press(true);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'heard again');
  });
});

describe.skipIf(skip)('fail-safe', () => {
  it('leaves every light as it is when the kiosk goes away, and when the broker dies', async () => {
    const { table, device } = await club.litTable('tasmota');
    const { device: other } = await club.litTable('shelly');
    await join(table.id);
    await waitFor(() => device.on, 'on');
    const since = Date.now();
    // the kiosk's connection is cut without a goodbye, as when its process is killed
    await club.k.kiosk.devices.close();
    await sleep(500);
    await club.broker.kill();
    await sleep(500);
    expect(device.on).toBe(true);
    expect(other.on).toBe(false);
    expect(offsSince(device, since)).toBe(0);
    await club.broker.start();
    await waitFor(() => club.devices.every((d) => d.received !== undefined), 'relays');
    await restartDevices();
  });

  it('reconciles after a restart: corrects only the lights of free tables', async () => {
    const { table: free, device: freeLight } = await club.litTable('tasmota');
    const { table: played, device: playedLight } = await club.litTable('shelly');
    await join(played.id);
    await waitFor(() => playedLight.on, 'on');
    await club.k.kiosk.devices.close();
    // while the kiosk is away, someone switches both lights by hand
    freeLight.press(true);
    playedLight.press(false);
    await restartDevices();
    await waitFor(() => !freeLight.on, 'the free table corrected to off');
    await sleep(500);
    expect(playedLight.on).toBe(false);
    expect((await lightOf(played.id))?.state).toBe('off');
    expect((await lightOf(free.id))?.state).toBe('off');
  });

  it('never applies a stale OFF to a table that is in play by the time the broker is back', async () => {
    // the relay is back on the broker before the kiosk is: anything the kiosk held back would reach it
    const { table, device } = await club.litTable('tasmota', false, { reconnectMs: 100 });
    const p = await join(table.id);
    await waitFor(() => device.on, 'on');
    await club.broker.kill();
    const since = Date.now();
    // the table empties and its delay runs out while nobody can reach the relay: an OFF is due
    await leave(p);
    await advance(club.k, 3 * MIN);
    await sleep(400);
    // then players come before the broker is back
    await join(table.id);
    await sleep(200);
    await club.broker.start();
    await waitFor(async () => club.k.kiosk.devices.hub?.link.state() === 'connected', 'the kiosk reconnected', 8_000);
    await waitFor(() => device.received.some((m) => m.at >= since), 'the relay back and read', 8_000);
    await sleep(800);
    expect(device.on).toBe(true);
    expect(offsSince(device, since)).toBe(0);
    expect(device.received.filter((m) => m.at >= since && m.payload === 'OFF')).toEqual([]);
    expect((await lightOf(table.id))?.state).toBe('on');
  });

  it('sends a change decided while the broker was away once it is back (a join then is lit)', async () => {
    const { table, device } = await club.litTable('shelly');
    await club.broker.kill();
    await join(table.id);
    await sleep(300);
    expect(device.on).toBe(false);
    await club.broker.start();
    await waitFor(() => device.on, 'on once the broker is back', 8_000);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'shown on');
  });

  it('sends again a switch the relay never confirmed, once the broker is back (one sent as the connection died)', async () => {
    const { table, device } = await club.litTable('tasmota');
    // the command goes out and is lost, as one published in the moment the connection dies
    device.answering = false;
    await join(table.id);
    await sleep(300);
    await club.broker.kill();
    device.answering = true;
    await club.broker.start();
    await waitFor(() => device.on, 'on once the broker is back', 8_000);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'shown on');
  });
});

/** a new device layer on the same database: what a restarted kiosk process starts with */
async function restartDevices() {
  const { createDevices } = await import('./devices.ts');
  const { kiosk } = club.k;
  const fresh = createDevices({ db: kiosk.database.db, config: kiosk.deps.config, logger: kiosk.deps.logger });
  await fresh.start();
  kiosk.devices = fresh;
  await waitFor(() => fresh.hub?.link.state() === 'connected', 'the restarted kiosk connected');
}

describe.skipIf(skip)('a table’s relay', () => {
  it('keeps showing what the relay reports when the table is saved again, and reads a new relay afresh', async () => {
    const { table } = await club.litTable('tasmota');
    await join(table.id);
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'on');
    const fields = { id: table.id, name: table.name, capacity: 4, price_per_minute: 250 };
    const same = await club.k.post('/v1/table/update', { ...fields, light: table.light_device }, club.admin);
    expect((same.body.table as TTable).light?.state).toBe('on');
    const other = await club.relay('shelly', `shellyplus1-ny${process.pid}`, true);
    const moved = await club.k.post(
      '/v1/table/update',
      { ...fields, light: { kind: 'shelly', topic: other.device.topic } },
      club.admin,
    );
    expect((moved.body.table as TTable).light?.state).toBe('unknown');
    await waitFor(async () => (await lightOf(table.id))?.state === 'on', 'the new relay heard');
    const removed = await club.k.post('/v1/table/update', { ...fields, light: null }, club.admin);
    expect((removed.body.table as TTable).light).toBeNull();
  });

  it('switches off the relay of a table deleted while its light is still on after the last game', async () => {
    const { table, device } = await club.litTable('tasmota');
    const p = await join(table.id);
    await waitFor(() => device.on, 'on');
    await leave(p);
    const deleted = await club.k.post(`/v1/table/delete/${table.id}`, {}, club.admin);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await waitFor(() => !device.on, 'the deleted table’s relay off');
  });

  it('switches off the old relay of a free table given another one, and never one taken from a table in play', async () => {
    const { table, device: first } = await club.litTable('shelly');
    const fields = { id: table.id, name: table.name, capacity: 4, price_per_minute: 250 };
    const p = await join(table.id);
    await waitFor(() => first.on, 'on');
    await leave(p);
    // still within the off delay: the new relay takes over the light
    const second = await club.relay('tasmota', `bytte${process.pid}`);
    const moved = await club.k.post(
      '/v1/table/update',
      { ...fields, light: { kind: 'tasmota', topic: second.device.topic } },
      club.admin,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await waitFor(() => !first.on, 'the old relay off');
    await waitFor(() => second.on, 'the new relay on');

    await join(table.id);
    const since = Date.now();
    const removed = await club.k.post('/v1/table/update', { ...fields, light: null }, club.admin);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await sleep(500);
    // it may still light the players
    expect(second.on).toBe(true);
    expect(offsSince(second, since)).toBe(0);
  });
});
