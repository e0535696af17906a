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

describe('a table’s name', () => {
  const refused = { message: 'error.table_name_taken', errors: { name: 'validation.taken' } };

  it('is refused when another table has it, in any case or spacing, also when two ask at once', async () => {
    await create({ name: 'Snooker  Blå' });
    const same = await k.post('/v1/table/create', { name: ' snooker blå ', capacity: 4, price_per_minute: 250 }, admin);
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject(refused);

    const both = await Promise.all(
      [1, 2].map(() => k.post('/v1/table/create', { name: 'Samtidig', capacity: 4, price_per_minute: 250 }, admin)),
    );
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const all = (await k.get('/v1/table/all', admin)).body.data as TTable[];
    expect(all.filter((t) => t.name === 'Samtidig')).toHaveLength(1);
  });

  it('cannot be given to another table by an edit, but a table keeps its own and a deleted one’s is free', async () => {
    const first = await create({ name: 'Første' });
    const second = await create({ name: 'Andre' });
    const rename = (id: number, name: string) =>
      k.post('/v1/table/update', { id, name, capacity: 4, price_per_minute: 250 }, admin);
    const taken = await rename(second.id, 'FØRSTE');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject(refused);
    expect((await rename(first.id, 'første')).status).toBe(200);

    expect((await k.post(`/v1/table/delete/${first.id}`, {}, admin)).status).toBe(200);
    expect((await rename(second.id, 'Første')).status).toBe(200);
  });
});
