import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
const WHOLE_DAY = { open: '00:00', close: '00:00' };

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const unstaffed = async (on: boolean) => {
  const answer = await k.post('/v1/settings/devices', { unstaffed_hours: Array(7).fill(on ? WHOLE_DAY : null) }, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect((answer.body.status as { unstaffed_now: boolean }).unstaffed_now).toBe(on);
};
const table = async () => {
  const answer = await k.post(
    '/v1/table/create',
    { name: `Bord ${Math.random()}`, capacity: 4, price_per_minute: 200 },
    admin,
  );
  return (answer.body.table as TTable).id;
};
const join = async (tableId: number, token: string) => {
  const answer = await k.post('/v1/game/join', { table_id: tableId }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.game as { id: number }).id;
};
const leave = (gameId: number, token: string) => k.post('/v1/game/leave', { game_id: gameId }, token);

describe('unstaffed hours', () => {
  it('keeps a host with guests at the table while an earlier order of theirs is unpaid, and lets them go once it is paid', async () => {
    await unstaffed(true);
    const host = await newPlayer(k);
    const earlier = await join(await table(), host.token);
    await advance(k, 10 * 60_000);
    const first = await leave(earlier, host.token);
    expect(first.status).toBe(200);
    const owed = first.body.order_id as number;

    const gameId = await join(await table(), host.token);
    const guest = await k.post('/v1/game/join-guest', { game_id: gameId, name: 'Gjest' }, host.token);
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    await advance(k, 10 * 60_000);
    const refused = await leave(gameId, host.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('error.guests_time_unpaid');

    // staffed again, or once the earlier order is paid, the host goes
    const paid = await k.post('/v1/order/pay', { id: owed, method: 'system' }, admin);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const left = await leave(gameId, host.token);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
  });

  it('turns pay-later off', async () => {
    await unstaffed(true);
    const p = await newPlayer(k);
    const gameId = await join(await table(), p.token);
    await advance(k, 5 * 60_000);
    const order = (await leave(gameId, p.token)).body.order_id as number;
    const later = await k.post('/v1/order/pay', { id: order, method: 'pay_later' }, p.token);
    expect(later.status).toBe(409);
    expect(later.body.message).toBe('error.pay_later_unstaffed');
    await unstaffed(false);
    const staffed = await k.post('/v1/order/pay', { id: order, method: 'pay_later' }, p.token);
    expect(staffed.body.message).not.toBe('error.pay_later_unstaffed');
  });

  it('reminds the last player out that the lights go off by themselves and the door must be closed', async () => {
    await unstaffed(true);
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const gameA = await join(await table(), a.token);
    const gameB = await join(await table(), b.token);
    const notLast = await leave(gameA, a.token);
    expect(notLast.body.closing).toBe(false);
    const last = await leave(gameB, b.token);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.closing).toBe(true);
    const notes = await k.get('/v1/notification/my', b.token);
    expect(JSON.stringify(notes.body)).toContain('lukk døren');

    await unstaffed(false);
    const c = await newPlayer(k);
    const gameC = await join(await table(), c.token);
    expect((await leave(gameC, c.token)).body.closing).toBe(false);
  });
});
