import { crowds } from '@club/shared/floor-spot';
import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const create = async (fields: Record<string, unknown>) => {
  const answer = await k.post('/v1/table/create', { capacity: 4, price_per_minute: 250, ...fields }, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.table as TTable;
};

describe('a new table on the floor plan', () => {
  it('goes where no other table is when no place is given, and where it is told when one is', async () => {
    const before = (await k.get('/v1/table/all', admin)).body.data as TTable[];
    const added = [];
    for (const name of ['Plass 1', 'Plass 2', 'Plass 3']) added.push(await create({ name }));
    const everyone = [...before, ...added];
    for (const table of added)
      expect(
        everyone.filter((o) => o.id !== table.id && crowds(o, table)).map((o) => o.name),
        table.name,
      ).toEqual([]);
    expect(await create({ name: 'Plassert', x: 33, y: 44 })).toMatchObject({ x: 33, y: 44 });
  });

  it('stays where it is when it is edited without a place', async () => {
    const table = await create({ name: 'Flyttes ikke', x: 21, y: 67 });
    const edited = await k.post(
      '/v1/table/update',
      { id: table.id, name: 'Flyttes ikke', capacity: 6, price_per_minute: 300 },
      admin,
    );
    expect(edited.body.table).toMatchObject({ capacity: 6, x: 21, y: 67 });
  });
});
