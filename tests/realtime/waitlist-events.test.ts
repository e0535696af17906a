/**
 * The waitlist through the real kiosk and gateway: a table offered to a party reaches that
 * player's own room (and only theirs) the moment the game before them ends; the line's changes
 * reach staff and the people in it; the floor learns the table is held, never for whom.
 */
import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import {
  connectClient,
  freePort,
  SECRET,
  sleep,
  startGateway,
  type TestClient,
  type TestGateway,
} from '../../realtime/src/testing.ts';

let k: TestKiosk;
let g: TestGateway;
let admin: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  const port = await freePort();
  k = await startTestKiosk({ env: { GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: SECRET } });
  g = await startGateway({ kioskUrl: k.url, port, allowedOrigins: ['http://club.test'] });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await g?.close();
  await k?.close();
});

async function client(token?: string) {
  const c = await connectClient(g.url, token ? { token } : {});
  clients.push(c);
  return c;
}

describe('waitlist events', () => {
  it('tells the waiting player of the table held for them, staff of the line, the floor only that it is held', async () => {
    for (const t of (await k.get('/v1/table/all')).body.data as TTable[])
      await k.post('/v1/table/update', { ...t, active: false }, admin);
    const table = (await k.post('/v1/table/create', { name: 'Kø', capacity: 2, price_per_minute: 100 }, admin)).body
      .table as TTable;
    const playing = await newPlayer(k);
    const waiting = await newPlayer(k, { name: 'Vente' });
    const bystander = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, playing.token)).body.game as { id: number };

    const phone = await client(waiting.token);
    const other = await client(bystander.token);
    const boss = await client(admin);
    const tv = await client();
    await boss.subscribe('admin');
    await tv.subscribe('floor');

    await k.post('/v1/waitlist/join', { party_size: 2 }, waiting.token);
    await phone.waitFor('waitlist:updated', (p) => p.room === `user:${waiting.user.id}`);
    await boss.waitFor('waitlist:updated', (p) => p.room === 'admin');

    await k.post('/v1/game/leave', { game_id: game.id }, playing.token);
    const offer = await phone.waitFor('waitlist:offer');
    expect(offer).toMatchObject({
      table_id: table.id,
      room: `user:${waiting.user.id}`,
      expires_at: expect.any(String),
    });
    const held = await tv.waitFor('table:updated', (p) => p.table.id === table.id && p.table.held_for !== null);
    expect(held.table.held_for).toMatchObject({ party_size: 2, until: offer.expires_at });
    expect(JSON.stringify(tv.received)).not.toContain('Vente');
    await sleep(200);
    expect(other.of('waitlist:offer')).toEqual([]);
    expect(boss.of('waitlist:offer')).toEqual([]);
  });
});
