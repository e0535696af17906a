import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { outbox } from '../db/schema.ts';
import { currentSeq } from '../realtime/read-live.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;
const readSeqOf = async (path: string) => (await k.get(path, admin)).body.read_seq as number;

describe('answers say which changes their data holds (read_seq)', () => {
  it('from the start: every event already in the database', async () => {
    expect(await readSeqOf('/v1/table/all')).toBe(await currentSeq(db()));
  });

  it('a change committed before a read is held by it; the answer of the change itself was stamped before it', async () => {
    const before = await currentSeq(db());
    const created = await k.post('/v1/table/create', { name: 'Seq', capacity: 4, price_per_minute: 100 }, admin);
    expect(created.status).toBe(200);
    const event = await currentSeq(db());
    expect(event).toBeGreaterThan(before);
    // stamped when the request began: its own event came after
    expect(created.body.read_seq).toBeLessThan(event);
    const read = await readSeqOf('/v1/table/all');
    expect(read).toBeGreaterThanOrEqual(event);
    // and it holds the change: the new table is in the answer
    const tables = (await k.get('/v1/table/all', admin)).body.data as { name: string }[];
    expect(tables.map((t) => t.name)).toContain('Seq');
  });

  it('another process’s event is not claimed until this one has seen it committed', async () => {
    const [row] = await db()
      .insert(outbox)
      .values({ type: 'feed.changed', payload: { feed: 'products' } })
      .returning({ id: outbox.id });
    const theirs = Number(row!.id);
    expect(await readSeqOf('/v1/table/all')).toBeLessThan(theirs);
    // this process's next commit comes after it (one lock, ids in commit order): that holds it
    await k.post('/v1/table/create', { name: 'Later', capacity: 2, price_per_minute: 100 }, admin);
    expect(await readSeqOf('/v1/table/all')).toBeGreaterThan(theirs);
  });
});
