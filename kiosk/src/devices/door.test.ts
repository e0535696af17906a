import { clock } from '@club/shared/clock';
import type { TDoorLogEntry } from '@club/shared/devices';
import { localDate } from '@club/shared/time-zone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TIMEOUT_MS, type DeviceClub, startDeviceClub, waitFor } from '../../tests/devices-kit.ts';
import { newPlayer } from '../../tests/harness.ts';
import { mosquittoSkip } from '../../tests/mosquitto.ts';
import { reservations, userSubscriptions } from '../db/schema.ts';
import { saveOpeningHours } from '../settings/opening-hours.ts';
import type { SimulatedDevice } from './simulator.ts';

const MIN = 60_000;
const skip = mosquittoSkip('the door against Mosquitto');
let club: DeviceClub;
let door: SimulatedDevice;
let doorAccessProduct: number;
let hoursOnlyProduct: number;

const ALWAYS_OPEN = { week: Array(7).fill({ open: '00:00', close: '00:00' }), exceptions: [] };
const ALWAYS_CLOSED = { week: Array(7).fill(null), exceptions: [] };

beforeAll(async () => {
  if (skip) return;
  // a tight limit, so that the rate test needs few attempts
  club = await startDeviceClub({ DOOR_RATE_LIMIT: '3' });
  door = await club.relay('tasmota', `inngang${process.pid}`);
  await club.settings({ door: { kind: 'tasmota', topic: door.device.topic, pulse_seconds: 2 } });
  const product = async (door_access: boolean) => {
    const answer = await club.k.post(
      '/v1/subscription/create',
      { name: door_access ? 'Medlem med nøkkel' : '10 timer', duration: 10, price: 50_000, door_access },
      club.admin,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const created = answer.body.subscription as { id: number; door_access: boolean };
    expect(created.door_access).toBe(door_access);
    return created.id;
  };
  doorAccessProduct = await product(true);
  hoursOnlyProduct = await product(false);
});
afterAll(() => club?.close());

const member = async (productId: number) => {
  const p = await newPlayer(club.k);
  const given = await club.k.post(
    '/v1/subscription/add',
    { user_id: p.user.id, subscription_id: productId },
    club.admin,
  );
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  return p;
};
const open = (token: string) => club.k.post('/v1/door/open', {}, token);
const hours = (value: typeof ALWAYS_OPEN) => saveOpeningHours(club.k.kiosk.database.db, value);

describe.skipIf(skip)('the door (a real Mosquitto, simulated relays)', () => {
  it('opens for staff at any hour: the relay pulses as Tasmota documents (PulseTime, then on, then off by itself)', async () => {
    await hours(ALWAYS_CLOSED);
    const answer = await open(club.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.door).toEqual({ result: 'opened', grant: 'staff' });
    const commands = door.received.map((m) => `${m.topic} ${m.payload}`);
    expect(commands).toContain(`cmnd/${door.device.topic}/PulseTime 20`);
    expect(commands.at(-1)).toBe(`cmnd/${door.device.topic}/POWER ON`);
    expect(door.on).toBe(true);
    await waitFor(() => !door.on, 'the strike closing by itself', 4_000);
  });

  it('opens for a member whose subscription grants door access within opening hours, not outside them unless the club allows 24/7', async () => {
    const p = await member(doorAccessProduct);
    await hours(ALWAYS_OPEN);
    expect((await club.k.get('/v1/door/access', p.token)).body.access).toEqual({
      allowed: true,
      grant: 'subscription',
      available: true,
    });
    expect((await open(p.token)).body.door).toMatchObject({ result: 'opened', grant: 'subscription' });

    await hours(ALWAYS_CLOSED);
    const closed = await open(p.token);
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe('error.door_not_allowed');
    expect((await club.k.get('/v1/door/access', p.token)).body.access).toMatchObject({ allowed: false, grant: null });

    await club.settings({
      door: { kind: 'tasmota', topic: door.device.topic, pulse_seconds: 2 },
      door_members_always: true,
    });
    expect((await open(p.token)).status).toBe(200);
    await club.settings({ door: { kind: 'tasmota', topic: door.device.topic, pulse_seconds: 2 } });
  });

  it('refuses a member whose subscription has lapsed, and one whose product grants no door access', async () => {
    await hours(ALWAYS_OPEN);
    const lapsed = await member(doorAccessProduct);
    await club.k.kiosk.database.db
      .update(userSubscriptions)
      .set({ status: 'expired' })
      .where(eq(userSubscriptions.userId, lapsed.user.id));
    expect((await open(lapsed.token)).body.message).toBe('error.door_not_allowed');
    const hoursOnly = await member(hoursOnlyProduct);
    expect((await open(hoursOnly.token)).body.message).toBe('error.door_not_allowed');
    const nobody = await newPlayer(club.k);
    expect((await open(nobody.token)).body.message).toBe('error.door_not_allowed');
  });

  it('opens for a booking’s holder from 15 minutes before its start to its end', async () => {
    await hours(ALWAYS_CLOSED);
    const holder = await newPlayer(club.k);
    const table = await club.k.post(
      '/v1/table/create',
      { name: 'Booket', capacity: 4, price_per_minute: 100 },
      club.admin,
    );
    const start = clock.nowMs() + 20 * MIN;
    await club.k.kiosk.database.db.insert(reservations).values({
      tableId: (table.body.table as { id: number }).id,
      kind: 'booking',
      status: 'booked',
      userId: holder.user.id,
      name: 'Kari',
      partySize: 2,
      startsAt: new Date(start),
      endsAt: new Date(start + 60 * MIN),
    });
    expect((await open(holder.token)).body.message).toBe('error.door_not_allowed');
    await club.k.post('/v1/test/clock', { advance_ms: 6 * MIN });
    expect((await open(holder.token)).body.door).toMatchObject({ grant: 'booking' });
    await club.k.post('/v1/test/clock', { advance_ms: 75 * MIN });
    expect((await open(holder.token)).body.message).toBe('error.door_not_allowed');
  });

  it('says the door did not confirm, never that it failed, when the relay does not answer', async () => {
    door.answering = false;
    try {
      const answer = await open(club.admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.door).toEqual({ result: 'unconfirmed', grant: 'staff' });
    } finally {
      door.answering = true;
    }
  });

  it('limits attempts per person, and logs every attempt for admins with filters', async () => {
    await hours(ALWAYS_OPEN);
    const p = await member(doorAccessProduct);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await open(p.token)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const mine = await club.k.get(`/v1/door/log?user_id=${p.user.id}`, club.admin);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const rows = mine.body.data as TDoorLogEntry[];
    expect(rows.map((r) => r.result)).toEqual(['rate_limited', 'opened', 'opened', 'opened']);
    expect(rows[1]).toMatchObject({
      grant: 'subscription',
      user_id: p.user.id,
      user_name: expect.stringContaining('Kari'),
    });

    const refused = await club.k.get('/v1/door/log?result=not_allowed', club.admin);
    expect((refused.body.data as TDoorLogEntry[]).every((r) => r.result === 'not_allowed')).toBe(true);
    expect((refused.body.total as number) >= 4).toBe(true);

    // the log's dates are the club's: near midnight its date is not UTC's
    const today = localDate(clock.nowMs(), club.k.kiosk.deps.config.CLUB_TIMEZONE);
    const longAgo = await club.k.get('/v1/door/log?from=2020-01-01&to=2020-01-31', club.admin);
    expect(longAgo.body.total).toBe(0);
    const around = await club.k.get(`/v1/door/log?from=2020-01-01&to=${today}`, club.admin);
    expect((around.body.total as number) > 0).toBe(true);
    const backwards = await club.k.get('/v1/door/log?from=2020-02-01&to=2020-01-01', club.admin);
    expect(backwards.status).toBe(422);

    expect((await club.k.get('/v1/door/log', p.token)).status).toBe(403);
  });

  it('shows a door relay that drops off as offline, alerts staff, and refuses to pulse it meanwhile', async () => {
    const status = async () => (await club.k.get('/v1/settings/devices', club.admin)).body.status as { door: string };
    await waitFor(async () => (await status()).door === 'off', 'the door relay heard');
    await door.cut();
    await waitFor(async () => (await status()).door === 'offline', 'offline from its Last Will');
    await waitFor(
      async () => JSON.stringify((await club.k.get('/v1/notification/my', club.admin)).body).includes('Dørreleet'),
      'the staff alert',
    );
    const refused = await open(club.admin);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe('error.door_unavailable');
    await door.restore();
    await waitFor(async () => (await status()).door === 'off', 'back');
    const player = await newPlayer(club.k);
    expect((await club.k.get('/v1/settings/devices', player.token)).status).toBe(403);
  });

  it('opens a Shelly strike with toggle_after, and answers that it cannot be opened when no relay is set', async () => {
    const shelly = await club.relay('shelly', `shellyplus1-dor${process.pid}`);
    await club.settings({ door: { kind: 'shelly', topic: shelly.device.topic, pulse_seconds: 1 } });
    const answer = await open(club.admin);
    expect(answer.body.door).toEqual({ result: 'opened', grant: 'staff' });
    const call = JSON.parse(shelly.received.at(-1)!.payload);
    expect(call).toMatchObject({ method: 'Switch.Set', params: { id: 0, on: true, toggle_after: 1 } });
    await waitFor(() => !shelly.on, 'the Shelly strike closing by itself', 3_000);

    await club.settings({ door: null });
    const none = await open(club.admin);
    expect(none.status).toBe(503);
    expect(none.body.message).toBe('error.door_unavailable');
    expect((await club.k.get('/v1/door/access', club.admin)).body.access).toMatchObject({ available: false });
  });

  it('shows a door relay that does not come back with the broker as offline, alerts staff, and offers it to nobody', async () => {
    await hours(ALWAYS_OPEN);
    const relay = await club.relay('shelly', `shellyplus1-borte${process.pid}`);
    await club.settings({ door: { kind: 'shelly', topic: relay.device.topic, pulse_seconds: 1 } });
    const status = async () => (await club.k.get('/v1/settings/devices', club.admin)).body.status as { door: string };
    await waitFor(async () => (await status()).door === 'off', 'the door relay heard');
    const p = await member(doorAccessProduct);
    const offered = async () =>
      ((await club.k.get('/v1/door/access', p.token)).body.access as { available: boolean }).available;
    expect(await offered()).toBe(true);
    const alerts = async () =>
      JSON.stringify((await club.k.get('/v1/notification/my', club.admin)).body).split('Dørreleet').length;
    const before = await alerts();

    await club.broker.kill();
    // the relay goes with the broker: no broker is there to send its Last Will
    await relay.cut();
    await club.broker.start();
    await waitFor(async () => club.k.kiosk.devices.hub?.link.state() === 'connected', 'the kiosk reconnected', 8_000);
    await waitFor(
      async () => (await status()).door === 'offline',
      'offline: its state read went unanswered',
      DEVICE_TIMEOUT_MS * 3,
    );
    expect(await offered()).toBe(false);
    await waitFor(async () => (await alerts()) > before, 'the staff alert');

    // back on the network: offered again once it answers
    await relay.restore();
    await waitFor(async () => (await status()).door === 'off', 'back');
    expect(await offered()).toBe(true);
  });
});
