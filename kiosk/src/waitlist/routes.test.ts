import type { TTable } from '@club/shared/tables';
import type { TWaitlistEntry } from '@club/shared/waitlist';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { mailOutbox, outbox } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
/** this file's tables: a two-seater and a four-seater */
let small: TTable;
let large: TTable;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  // only this file's tables count: the seed's are switched off
  for (const t of (await k.get('/v1/table/all')).body.data as TTable[])
    await k.post('/v1/table/update', { ...t, active: false }, admin);
  small = (await k.post('/v1/table/create', { name: 'Liten', capacity: 2, price_per_minute: 200 }, admin)).body
    .table as TTable;
  large = (await k.post('/v1/table/create', { name: 'Stor', capacity: 4, price_per_minute: 200 }, admin)).body
    .table as TTable;
});
afterAll(() => k.close());

type Player = Awaited<ReturnType<typeof newPlayer>>;
const join = (p: Player, tableId: number) => k.post('/v1/game/join', { table_id: tableId }, p.token);
const gameOf = (answer: { body: Record<string, unknown> }) => (answer.body.game as { id: number }).id;
const place = async (p: Player) => (await k.get('/v1/waitlist', p.token)).body.entry as TWaitlistEntry | null;
const line = async () => (await k.get('/v1/waitlist/all', admin)).body.data as TWaitlistEntry[];
const tableNow = async (id: number) => ((await k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === id)!;

/** Both tables busy; answers how to free each (the game's leave). */
async function fillTables() {
  const a = await newPlayer(k);
  const b = await newPlayer(k);
  const ga = gameOf(await join(a, small.id));
  const gb = gameOf(await join(b, large.id));
  return {
    freeSmall: () => k.post('/v1/game/leave', { game_id: ga }, a.token),
    freeLarge: () => k.post('/v1/game/leave', { game_id: gb }, b.token),
  };
}

async function emptyLine() {
  for (const e of await line()) await k.post('/v1/waitlist/remove', { id: e.id }, admin);
}

describe('the waitlist', () => {
  it('keeps parties in order with their place and an expected wait, and refuses what cannot be', async () => {
    const tables = await fillTables();
    const first = await newPlayer(k);
    const second = await newPlayer(k);
    const joined = await k.post('/v1/waitlist/join', { party_size: 2 }, first.token);
    expect(joined.status).toBe(200);
    expect(joined.body.entry).toMatchObject({ status: 'waiting', position: 1, party_size: 2, offer: null });
    expect((await k.post('/v1/waitlist/join', { party_size: 3 }, second.token)).body.entry).toMatchObject({
      position: 2,
    });
    const mine = await place(second);
    expect(mine?.predicted_wait_minutes).toBeGreaterThan(0);
    expect((await k.get('/v1/waitlist', first.token)).body.waiting).toBe(2);

    expect((await k.post('/v1/waitlist/join', { party_size: 2 }, first.token)).body.message).toBe(
      'error.already_on_waitlist',
    );
    const tooMany = await k.post('/v1/waitlist/join', { party_size: 9 }, (await newPlayer(k)).token);
    expect([tooMany.status, tooMany.body.message]).toEqual([422, 'error.party_too_large']);
    expect((await k.post('/v1/waitlist/join', { party_size: 0 }, first.token)).status).toBe(422);
    expect((await k.post('/v1/waitlist/join', { party_size: 2 })).status).toBe(401);
    const unverified = await newPlayer(k, {}, { verified: false });
    expect((await k.post('/v1/waitlist/join', { party_size: 2 }, unverified.token)).status).toBe(403);
    await emptyLine();
    await tables.freeSmall();
    await tables.freeLarge();
  });

  it('offers a freed table to the first party that fits, a smaller one when the first does not fit', async () => {
    const tables = await fillTables();
    const four = await newPlayer(k);
    const two = await newPlayer(k);
    await k.post('/v1/waitlist/join', { party_size: 4 }, four.token);
    await k.post('/v1/waitlist/join', { party_size: 2 }, two.token);

    await tables.freeSmall();
    await k.kiosk.waitlist.flush();
    // the two-seater fits only the second party
    expect(await place(four)).toMatchObject({ status: 'waiting', offer: null });
    const offered = await place(two);
    expect(offered).toMatchObject({ status: 'offered', offer: { table_id: small.id, table_name: 'Liten' } });
    expect(Date.parse(offered!.offer!.expires_at) - Date.parse(offered!.created_at)).toBe(5 * 60_000);
    expect((await tableNow(small.id)).held_for).toMatchObject({ entry_id: offered!.id, party_size: 2 });

    // told on the socket (through the outbox), by e-mail
    const events = await k.kiosk.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'waitlist.offered'))
      // in the order written: delivering an event updates its row, which moves it on PostgreSQL
      .orderBy(asc(outbox.id));
    expect(events.at(-1)?.payload).toMatchObject({ user_id: two.user.id, table_id: small.id });
    const mails = await k.kiosk.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, two.user.email))
      .orderBy(asc(mailOutbox.id));
    expect(mails.at(-1)?.text).toContain(`/table/${small.id}`);

    // nobody else may take the held table; the holder claims it by joining
    const other = await newPlayer(k);
    const refused = await join(other, small.id);
    expect([refused.status, refused.body.message]).toEqual([409, 'error.table_held']);
    const claimed = await join(two, small.id);
    expect(claimed.status).toBe(200);
    // the party of two sits down together: the one who claimed it and a guest on their bill
    const seated = (claimed.body.game as { players: { name: string; guest_of: number | null; status: string }[] })
      .players;
    expect(seated.filter((s) => s.status === 'joined')).toHaveLength(2);
    expect(seated.find((s) => s.guest_of !== null)).toMatchObject({ name: 'Gjest 2', status: 'joined' });
    expect(await place(two)).toBeNull();
    expect((await tableNow(small.id)).held_for).toBeNull();

    await tables.freeLarge();
    await k.kiosk.waitlist.flush();
    expect(await place(four)).toMatchObject({ status: 'offered', offer: { table_id: large.id } });
    await join(four, large.id);
    for (const p of [two, four]) {
      const game = (await k.get('/v1/game/active', p.token)).body.game as { id: number };
      await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    }
  });

  it('hands an offer that ran out to the next party, and the late party loses its place', async () => {
    const tables = await fillTables();
    const late = await newPlayer(k);
    const next = await newPlayer(k);
    await k.post('/v1/waitlist/join', { party_size: 2 }, late.token);
    await k.post('/v1/waitlist/join', { party_size: 2 }, next.token);
    await tables.freeSmall();
    await k.kiosk.waitlist.flush();
    expect((await place(late))?.status).toBe('offered');

    await advance(k, 4 * 60_000);
    await k.kiosk.waitlist.flush();
    expect((await place(late))?.status).toBe('offered');
    await advance(k, 60_000);
    await k.kiosk.waitlist.flush();
    expect(await place(late)).toBeNull();
    expect(await place(next)).toMatchObject({ status: 'offered', position: 1, offer: { table_id: small.id } });
    expect((await join(late, small.id)).body.message).toBe('error.table_held');

    await k.post('/v1/waitlist/leave', {}, next.token);
    await k.kiosk.waitlist.flush();
    expect((await tableNow(small.id)).held_for).toBeNull();
    expect((await k.post('/v1/waitlist/leave', {}, next.token)).body.message).toBe('error.waitlist_entry_not_found');
    await tables.freeLarge();
  });

  it('lets one of two concurrent claims of a held table win, and keeps the table from anyone else until then', async () => {
    const tables = await fillTables();
    const holder = await newPlayer(k);
    await k.post('/v1/waitlist/join', { party_size: 2 }, holder.token);
    await tables.freeSmall();
    await k.kiosk.waitlist.flush();
    const rival = await newPlayer(k);
    const rivals = await Promise.all([join(rival, small.id), join(rival, small.id)]);
    expect(rivals.map((a) => a.body.message)).toEqual(['error.table_held', 'error.table_held']);
    // the holder's two phones claim at once: one sits down, the other is told they sit there
    const claims = await Promise.all([join(holder, small.id), join(holder, small.id)]);
    expect(claims.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(claims.find((a) => a.status === 409)?.body.message).toBe('error.user_already_joined_game');
    const game = (await k.get('/v1/game/active', holder.token)).body.game as { id: number; players: unknown[] };
    // one claim won: the holder and their one guest, not twice
    expect(game.players).toHaveLength(2);
    expect(await place(holder)).toBeNull();
    await k.post('/v1/game/leave', { game_id: game.id }, holder.token);
    await tables.freeLarge();
  });

  it('keeps one game and no stale hold when a late claim races the hand-over to the next party', async () => {
    const tables = await fillTables();
    const late = await newPlayer(k);
    const next = await newPlayer(k);
    await k.post('/v1/waitlist/join', { party_size: 2 }, late.token);
    await k.post('/v1/waitlist/join', { party_size: 2 }, next.token);
    await tables.freeSmall();
    await k.kiosk.waitlist.flush();
    await advance(k, 5 * 60_000);
    const [a, , b] = await Promise.all([join(late, small.id), k.kiosk.waitlist.flush(), join(next, small.id)]);
    // whoever came first sits; the table is never held and played at once
    expect([a.status, b.status]).toContain(200);
    const table = await tableNow(small.id);
    expect(table.status).toBe('playing');
    expect(table.held_for).toBeNull();
    await k.kiosk.waitlist.flush();
    expect((await line()).filter((e) => e.offer?.table_id === small.id)).toEqual([]);
    for (const p of [late, next]) {
      const game = (await k.get('/v1/game/active', p.token)).body.game as { id: number } | null;
      if (game) await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    }
    await emptyLine();
    await tables.freeLarge();
  });

  it('never offers one table twice or one party two tables when both free at once', async () => {
    const tables = await fillTables();
    const parties = [await newPlayer(k), await newPlayer(k), await newPlayer(k)];
    for (const p of parties) await k.post('/v1/waitlist/join', { party_size: 2 }, p.token);
    await Promise.all([tables.freeSmall(), tables.freeLarge(), k.kiosk.waitlist.flush(), k.kiosk.waitlist.flush()]);
    await k.kiosk.waitlist.flush();
    const all = await line();
    const offers = all.filter((e) => e.status === 'offered');
    expect(offers.map((e) => e.offer?.table_id).sort()).toEqual([small.id, large.id].sort());
    expect(offers.map((e) => e.user_id)).toEqual([parties[0]!.user.id, parties[1]!.user.id]);
    expect(all.find((e) => e.user_id === parties[2]!.user.id)?.status).toBe('waiting');
    await emptyLine();
  });

  it('lets staff add a walk-in by name, move parties and remove them; players may not', async () => {
    const tables = await fillTables();
    const p = await newPlayer(k);
    await k.post('/v1/waitlist/join', { party_size: 2 }, p.token);
    const walkIn = await k.post('/v1/waitlist/add', { name: 'Ola ved disken', party_size: 3 }, admin);
    expect(walkIn.body.entry).toMatchObject({ user_id: null, name: 'Ola ved disken', position: 2 });
    const id = (walkIn.body.entry as TWaitlistEntry).id;
    expect((await k.post('/v1/waitlist/move', { id, direction: 'up' }, admin)).status).toBe(200);
    expect((await line()).map((e) => e.name)).toEqual(['Ola ved disken', expect.any(String)]);
    expect((await k.post('/v1/waitlist/move', { id, direction: 'up' }, admin)).body.message).toBe(
      'error.nothing_happened',
    );
    for (const [path, body] of [
      ['/v1/waitlist/add', { name: 'X', party_size: 2 }],
      ['/v1/waitlist/move', { id, direction: 'down' }],
      ['/v1/waitlist/remove', { id }],
      ['/v1/settings/waitlist', { claim_minutes: 1 }],
    ] as const) {
      expect((await k.post(path, body, p.token)).status).toBe(403);
    }
    expect((await k.get('/v1/waitlist/all', p.token)).status).toBe(403);
    expect((await k.post('/v1/waitlist/remove', { id }, admin)).status).toBe(200);
    expect((await k.post('/v1/waitlist/remove', { id }, admin)).body.message).toBe('error.waitlist_entry_not_found');
    await emptyLine();
    await tables.freeSmall();
    await tables.freeLarge();
  });

  it('holds a table for the claim minutes the club chose', async () => {
    expect((await k.post('/v1/settings/waitlist', { claim_minutes: 0 }, admin)).status).toBe(422);
    expect((await k.post('/v1/settings/waitlist', { claim_minutes: 10 }, admin)).body.settings).toEqual({
      claim_minutes: 10,
    });
    const p = await newPlayer(k);
    const entry = (await k.post('/v1/waitlist/join', { party_size: 1 }, p.token)).body.entry as TWaitlistEntry;
    // a table is free: offered at once
    expect(entry.status).toBe('offered');
    expect(Date.parse(entry.offer!.expires_at) - Date.parse(entry.created_at)).toBe(10 * 60_000);
    await k.post('/v1/settings/waitlist', { claim_minutes: 5 }, admin);
    await emptyLine();
  });

  it('takes a player who sits down anywhere out of the line', async () => {
    const tables = await fillTables();
    const p = await newPlayer(k);
    await k.post('/v1/waitlist/join', { party_size: 2 }, p.token);
    await tables.freeLarge();
    await k.kiosk.waitlist.flush();
    // offered the large table, they join the small one's running game instead… after it frees
    expect((await place(p))?.offer?.table_id).toBe(large.id);
    expect((await k.post('/v1/waitlist/join', { party_size: 2 }, p.token)).body.message).toBe(
      'error.already_on_waitlist',
    );
    await tables.freeSmall();
    await k.kiosk.waitlist.flush();
    expect((await join(p, small.id)).status).toBe(200);
    expect(await place(p)).toBeNull();
    expect((await tableNow(large.id)).held_for).toBeNull();
    const game = (await k.get('/v1/game/active', p.token)).body.game as { id: number };
    expect((await k.post('/v1/waitlist/join', { party_size: 2 }, p.token)).body.message).toBe(
      'error.user_already_playing',
    );
    await k.post('/v1/game/leave', { game_id: game.id }, p.token);
  });
});
