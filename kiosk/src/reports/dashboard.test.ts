import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const dashboard = async () =>
  (await k.get('/v1/report/dashboard', admin)).body.dashboard as { free_tables: number; tables: number };

describe('the dashboard’s free tables', () => {
  it('are the tables a guest can sit down at: one out of order is not free', async () => {
    const create = async (name: string) =>
      (await k.post('/v1/table/create', { name, capacity: 4, price_per_minute: 200 }, admin)).body.table as {
        id: number;
      };
    await create('Ledig');
    const broken = await create('Ny duk');
    const before = await dashboard();
    const marked = await k.post('/v1/table/out-of-order', { table_id: broken.id, reason: 'Ny duk' }, admin);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const after = await dashboard();
    expect(after.tables).toBe(before.tables);
    expect(after.free_tables).toBe(before.free_tables - 1);
  });
});
