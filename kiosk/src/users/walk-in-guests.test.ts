import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { orders, users } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
let guestId: number;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  const now = new Date(Date.parse((await k.get('/v1/health')).body.server_time as string));
  // a guest at the counter as `cash/walk-ins.ts` makes one, with a paid visit
  const [guest] = await k.kiosk.database.db
    .insert(users)
    .values({
      name: 'Kari Gjest',
      surname: '',
      email: 'walk-in-0123456789ab@walk-in.invalid',
      phone: 'walkin-0123456789ab',
      passwordHash: null,
      roleId: 2,
      walkIn: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  guestId = guest!.id;
  await k.kiosk.database.db.insert(orders).values({
    userId: guestId,
    kind: 'game',
    status: 'paid',
    method: 'cash',
    subtotal: 9_000,
    total: 9_000,
    settledAt: now,
    createdAt: now,
    updatedAt: now,
  });
});
afterAll(() => k.close());

describe('walk-in guests among the users', () => {
  it('are not in the users screen’s lists', async () => {
    const page = await k.get('/v1/user/all', admin);
    expect(page.status).toBe(200);
    const ids = (page.body.data as { id: number }[]).map((u) => u.id);
    expect(ids).not.toContain(guestId);
    expect(page.body.total).toBe(ids.length);
    const searched = await k.get('/v1/user/all?user=Kari', admin);
    expect(searched.body.data).toEqual([]);
    const all = (await k.get('/v1/user/all-without-pagination', admin)).body.data as { id: number }[];
    expect(all.map((u) => u.id)).not.toContain(guestId);
  });

  it('are neither users, new users, active users nor top spenders in the users report', async () => {
    const answer = await k.get('/v1/report/users?range=today', admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.report as {
      totals: { users: number; new_users: number; active_users: number };
      sections: { id: string; rows: { user_id: number }[] }[];
    };
    const accounts = (await k.get('/v1/user/all', admin)).body.total as number;
    expect(report.totals.users).toBe(accounts);
    expect(report.totals.active_users).toBe(0);
    const top = report.sections.find((s) => s.id === 'top_spenders')!.rows;
    expect(top.map((r) => r.user_id)).not.toContain(guestId);
  });
});
