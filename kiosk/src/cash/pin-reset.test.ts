import type { TNotification } from '@club/shared/notifications';
import type { TOrder } from '@club/shared/orders';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, cashJournal, cashOperatorSessions, users } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
let adminId: number;
beforeAll(async () => {
  k = await startTestKiosk({ smtp: true });
  admin = await k.login(ADMIN.email, ADMIN.password);
  adminId = ((await k.get('/v1/user/profile', admin)).body.user as { id: number }).id;
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;

/** A staff member with a PIN of their own, in English or Norwegian, logged in on their phone. */
async function colleague(pin = '2468', locale: 'nb' | 'en' = 'nb') {
  const p = await newPlayer(k, { name: 'Ola', surname: `Stab${Math.random().toString(36).slice(2, 6)}`, locale });
  await db().update(users).set({ isAdmin: true, locale }).where(eq(users.id, p.user.id));
  const token = await k.login(p.body.email, p.body.password);
  expect((await k.post('/v1/cash/operator/pin', { pin }, token)).status).toBe(200);
  return { id: p.user.id, email: p.body.email, token, pin };
}

const pinEvents = (userId: number) =>
  db()
    .select()
    .from(cashJournal)
    .where(eq(cashJournal.eventCode, '13999'))
    .orderBy(asc(cashJournal.id))
    .then((rows) => rows.filter((r) => (r.detail as { kind?: string; user_id?: number }).user_id === userId));
const signsInWith = async (who: { id: number }, pin: string) => {
  const answer = await k.post('/v1/cash/operator/login', { cash_point_id: 1, user_id: who.id, pin }, admin);
  if (answer.status === 200) await k.post('/v1/cash/operator/logout', {}, admin);
  return answer.status === 200;
};
const inbox = async (token: string) => (await k.get('/v1/notification/my', token)).body.data as TNotification[];

describe('setting a colleague’s PIN', () => {
  it('is refused without the admin’s own password, or with a wrong one: the PIN stays, nothing is told', async () => {
    const ola = await colleague('1357');
    const missing = await k.post(`/v1/cash/operators/${ola.id}/pin`, { pin: '9999' }, admin);
    expect([missing.status, missing.body.errors]).toEqual([422, { password: 'validation.required' }]);
    const wrong = await k.post(`/v1/cash/operators/${ola.id}/pin`, { pin: '9999', password: 'not-my-password' }, admin);
    expect([wrong.status, wrong.body.message]).toEqual([400, 'error.own_password_wrong']);
    // someone else's password is not the admin's either
    const others = await k.post(`/v1/cash/operators/${ola.id}/pin`, { pin: '9999', password: 'correct horse' }, admin);
    expect(others.body.message).toBe('error.own_password_wrong');
    expect(await signsInWith(ola, '9999')).toBe(false);
    expect(await signsInWith(ola, '1357')).toBe(true);
    expect((await pinEvents(ola.id)).map((e) => e.userId)).toEqual([ola.id]);
    expect(await inbox(ola.token)).toEqual([]);
  });

  it('with the password: journaled (who set whose PIN, when), and the colleague is told in the app and by e-mail', async () => {
    const ola = await colleague('1357', 'en');
    const before = await db().select().from(cashJournal).orderBy(desc(cashJournal.id)).limit(1);
    const set = await k.post(`/v1/cash/operators/${ola.id}/pin`, { pin: '8642', password: ADMIN.password }, admin);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await signsInWith(ola, '8642')).toBe(true);

    const events = await pinEvents(ola.id);
    expect(events).toHaveLength(2);
    const entry = events[1]!;
    expect(entry.id).toBeGreaterThan(before[0]!.id);
    expect(entry).toMatchObject({
      eventCode: '13999',
      userId: adminId,
      detail: { kind: 'pin_set', user_id: ola.id, by_user_id: adminId },
    });
    expect(entry.at).toBeInstanceOf(Date);
    // the journal entry is in the SAF-T export in words
    const saft = await fetch(`${k.url}/v1/cash/saft?from=2000-01-01&to=2100-01-01`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(await saft.text()).toContain(`PIN-kode satt for bruker ${ola.id} av bruker ${adminId}`);

    const [notice] = await inbox(ola.token);
    expect(notice?.message).toContain('set a new counter PIN for you');
    expect(notice?.url).toBe('/admin/counter');
    let mail = await k.mailbox!.next(ola.email);
    // the address was verified by mail first
    while (mail.subject?.includes('Confirm')) mail = await k.mailbox!.next(ola.email);
    expect(mail.subject).toBe('Your counter PIN was changed');
    expect(mail.text).toContain('set a new counter PIN for you');
  });

  it('one’s own PIN needs no password and tells nobody, but is journaled too', async () => {
    const kari = await colleague('1111');
    expect((await k.post('/v1/cash/operator/pin', { pin: '2222' }, kari.token)).status).toBe(200);
    expect((await pinEvents(kari.id)).map((e) => e.detail)).toEqual([
      { kind: 'pin_set', user_id: kari.id, by_user_id: kari.id },
      { kind: 'pin_set', user_id: kari.id, by_user_id: kari.id },
    ]);
    expect(await inbox(kari.token)).toEqual([]);
  });

  it('wrong passwords are limited per admin like logins', async () => {
    const limited = await startTestKiosk({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const token = await limited.login(ADMIN.email, ADMIN.password);
      const p = await newPlayer(limited);
      await limited.kiosk.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, p.user.id));
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await limited.post(`/v1/cash/operators/${p.user.id}/pin`, { pin: '1234', password: `guess-${i}` }, token))
            .status,
        );
      expect(statuses).toEqual([400, 400, 400, 429]);
      const right = await limited.post(
        `/v1/cash/operators/${p.user.id}/pin`,
        { pin: '1234', password: ADMIN.password },
        token,
      );
      expect(right.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('registrations without an operator on the device', () => {
  it('are in the name of the session’s staff member, as before', async () => {
    const created = await k.post('/v1/product/create', { name: 'Brus', price: 3_000, count: 9 }, admin);
    const p = await newPlayer(k);
    await db()
      .insert(cartItems)
      .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count: 1 });
    const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
    const open = await db()
      .select()
      .from(cashOperatorSessions)
      .innerJoin(users, eq(users.id, cashOperatorSessions.userId))
      .where(and(eq(users.id, adminId)));
    expect(open.every((r) => r.cash_operator_sessions.signedOutAt !== null)).toBe(true);
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toBeNull();
    expect((await k.post('/v1/payment/cash', { order_id: order.id, received: 3_000 }, admin)).status).toBe(200);
    expect((await k.post('/v1/cash/drawer-open', { note: 'vekslepenger' }, admin)).status).toBe(200);
    const [sale] = await db()
      .select()
      .from(cashJournal)
      .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13012')));
    expect(sale?.userId).toBe(adminId);
    const [drawer] = await db()
      .select()
      .from(cashJournal)
      .where(eq(cashJournal.eventCode, '13005'))
      .orderBy(desc(cashJournal.id))
      .limit(1);
    expect(drawer?.userId).toBe(adminId);
  });
});
