import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../tests/devices-kit.ts';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
beforeAll(async () => {
  // the demo as `npm start` runs it: no MQTT_URL, so an in-process broker with simulated relays
  k = await startTestKiosk({ env: { DEMO: '1', LIGHTS_SWEEP_MS: '200' } });
});
afterAll(() => k?.close());

describe('the demo’s devices', () => {
  it('gives every table a simulated light, both kinds, and a door; a join lights its table within 2 s', async () => {
    const admin = await k.login(ADMIN.email, ADMIN.password);
    await waitFor(
      async () =>
        JSON.stringify((await k.get('/v1/settings/devices', admin)).body.status).includes(
          '"broker":"connected","simulator":true,"door":"off"',
        ),
      'the demo broker and its door relay heard',
    );
    const devices = await k.get('/v1/settings/devices', admin);
    expect(devices.body.status).toMatchObject({ broker: 'connected', simulator: true, door: 'off' });
    expect(devices.body.settings).toMatchObject({ door: { kind: 'tasmota' } });

    const all = (await k.get('/v1/table/all', admin)).body.data as TTable[];
    expect(all.length).toBeGreaterThan(1);
    expect(new Set(all.map((t) => t.light_device?.kind))).toEqual(new Set(['tasmota', 'shelly']));
    for (const kind of ['tasmota', 'shelly'] as const) {
      const free = all.find((t) => t.status === 'free' && t.light_device?.kind === kind && !t.out_of_order)!;
      await waitFor(
        async () => ((await k.get(`/v1/table/${free.id}`, admin)).body.table as TTable).light?.state === 'off',
        'the relay heard',
      );
      const player = await newPlayer(k);
      const joined = await k.post('/v1/game/join', { table_id: free.id }, player.token);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      // within 2 s of the join's answer, as the floor shows it
      await waitFor(
        async () =>
          ((await k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === free.id)?.light?.state === 'on',
        `the ${kind} light on`,
        2_000,
      );
    }

    const staff = await k.post('/v1/door/open', {}, admin);
    expect(staff.body.door).toEqual({ result: 'opened', grant: 'staff' });
  });
});
