import type { TReservation } from '@club/shared/reservations';
import type { TTable } from '@club/shared/tables';
import { localDate } from '@club/shared/time-zone';
import { desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { reminderContext } from '../app.ts';
import { mailOutbox, outbox, reservations } from '../db/schema.ts';
import { sweepReservations } from './sweep-reservations.ts';

const MIN = 60_000;
const QUARTER = 15 * MIN;
let k: TestKiosk;
let admin: string;
const ALL_DAY = { open: '00:00', close: '00:00' };

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  // open round the clock, so the tests do not depend on the hour they run at
  const saved = await k.post('/v1/settings/opening-hours', { week: Array(7).fill(ALL_DAY), exceptions: [] }, admin);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => k.close());

async function serverNow(): Promise<number> {
  return Date.parse((await k.get('/v1/health')).body.server_time as string);
}
/** A quarter-hour start `minutes` from the server's now, kept clear of local midnight. */
async function startIn(minutes: number): Promise<string> {
  const at = Math.ceil(((await serverNow()) + minutes * MIN) / QUARTER) * QUARTER;
  return new Date(at).toISOString();
}
async function newTable(fields: Record<string, unknown> = {}) {
  const answer = await k.post(
    '/v1/table/create',
    { name: `Bord ${Math.random().toString(36).slice(2, 6)}`, capacity: 4, price_per_minute: 250, ...fields },
    admin,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.table as TTable;
}
const book = (token: string, body: Record<string, unknown>) =>
  k.post('/v1/reservation/create', { minutes: 60, party_size: 2, ...body }, token);
const reservationOf = (answer: { body: Record<string, unknown> }) => answer.body.reservation as TReservation;
const tableNow = async (id: number) =>
  ((await k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === id) as TTable;
const sweep = () => sweepReservations(k.kiosk.database.db, reminderContext(k.kiosk.deps.config, k.kiosk.mailer));

describe('booking a table', () => {
  it('books a free table, shows it as reserved, and lists it for its holder', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    const starts_at = await startIn(24 * 60);
    const answer = await book(p.token, { table_id: table.id, starts_at });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(reservationOf(answer)).toMatchObject({
      table_id: table.id,
      user_id: p.user.id,
      status: 'booked',
      kind: 'booking',
      starts_at,
      minutes: 60,
      party_size: 2,
      name: 'Kari Nordmann',
    });
    expect((await tableNow(table.id)).reserved_from).toBe(starts_at);
    const mine = (await k.get('/v1/reservation/my', p.token)).body.data as TReservation[];
    expect(mine.map((r) => r.id)).toEqual([reservationOf(answer).id]);
    // the day list is the club's calendar day: late in the evening, UTC's date is a day behind
    const day = localDate(Date.parse(starts_at), k.kiosk.deps.config.CLUB_TIMEZONE);
    const all = (await k.get(`/v1/reservation/all?date=${day}`, admin)).body.data as TReservation[];
    expect(all.some((r) => r.id === reservationOf(answer).id)).toBe(true);
  });

  it('refuses the past, times off the quarter hour and hours the club is closed', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    const past = new Date(Math.floor(((await serverNow()) - 60 * MIN) / QUARTER) * QUARTER).toISOString();
    expect((await book(p.token, { table_id: table.id, starts_at: past })).body).toMatchObject({
      message: 'error.validation_failed',
      errors: { starts_at: 'validation.in_past' },
    });
    const odd = new Date(Date.parse(await startIn(120)) + 7 * MIN).toISOString();
    expect((await book(p.token, { table_id: table.id, starts_at: odd })).status).toBe(422);
    expect((await book(p.token, { table_id: table.id, starts_at: await startIn(120), minutes: 50 })).status).toBe(422);

    const starts_at = await startIn(3 * 24 * 60);
    const closedDay = (await k.get('/v1/settings/opening-hours')).body.settings as { time_zone: string };
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: closedDay.time_zone }).format(new Date(starts_at));
    await k.post(
      '/v1/settings/opening-hours',
      { week: Array(7).fill(ALL_DAY), exceptions: [{ date: localDay, hours: null, note: 'Julaften' }] },
      admin,
    );
    try {
      expect(await book(p.token, { table_id: table.id, starts_at })).toMatchObject({
        status: 422,
        body: { message: 'error.validation_failed', errors: { starts_at: 'validation.opening_hours' } },
      });
    } finally {
      await k.post('/v1/settings/opening-hours', { week: Array(7).fill(ALL_DAY), exceptions: [] }, admin);
    }
  });

  it('lets exactly one of many concurrent bookings of the same time win', async () => {
    const table = await newTable();
    const people = await Promise.all(Array.from({ length: 8 }, () => newPlayer(k)));
    const starts_at = await startIn(48 * 60);
    const answers = await Promise.all(
      people.map((p, i) =>
        book(p.token, {
          table_id: table.id,
          starts_at: new Date(Date.parse(starts_at) + (i % 2) * 30 * MIN).toISOString(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 409, body: { message: 'error.table_reserved' } });
    const live = await k.kiosk.database.db.select().from(reservations).where(eq(reservations.tableId, table.id));
    expect(live).toHaveLength(1);
  });

  it('holds the line in the database itself: an overlapping row written past the API is refused', async () => {
    const table = await newTable();
    const from = new Date(await startIn(72 * 60));
    const row = {
      tableId: table.id,
      kind: 'booking' as const,
      status: 'booked' as const,
      name: 'A',
      partySize: 2,
      startsAt: from,
      endsAt: new Date(from.getTime() + 60 * MIN),
    };
    const db = k.kiosk.database.db;
    await db.insert(reservations).values(row);
    // back to back is fine; a canceled one holds nothing
    await db
      .insert(reservations)
      .values({ ...row, startsAt: row.endsAt, endsAt: new Date(row.endsAt.getTime() + 30 * MIN) });
    await db.insert(reservations).values({ ...row, status: 'canceled' });
    await expect(
      db.insert(reservations).values({ ...row, startsAt: new Date(from.getTime() + 30 * MIN) }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('gives "any table" the smallest free one that fits, and says so when none is left', async () => {
    const starts_at = await startIn(5 * 24 * 60 + 60);
    const before = (await k.get('/v1/table/all')).body.data as TTable[];
    // every other table is taken for that time by an event block, so only these two count
    for (const t of before)
      await book(admin, { table_id: t.id, starts_at, kind: 'block', name: 'Turnering', party_size: 1 });
    const big = await newTable({ capacity: 8 });
    const small = await newTable({ capacity: 4 });
    const people = await Promise.all(Array.from({ length: 4 }, () => newPlayer(k)));
    const answers = await Promise.all(people.map((p) => book(p.token, { table_id: null, starts_at, party_size: 3 })));
    const won = answers.filter((a) => a.status === 200).map(reservationOf);
    expect(won.map((r) => r.table_id).sort()).toEqual([big.id, small.id].sort());
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body.message).toBe('error.no_table_available');
    const alone = await newPlayer(k);
    const later = new Date(Date.parse(starts_at) + 24 * 60 * MIN).toISOString();
    expect(reservationOf(await book(alone.token, { starts_at: later, party_size: 3 })).table_id).not.toBe(big.id);
    expect((await book(alone.token, { starts_at: later, party_size: 9 })).body.message).toBe(
      'error.no_table_available',
    );
  });
});

describe('the reservation on the floor', () => {
  it('from 15 minutes before its start lets only the holder start the table; their party joins after', async () => {
    const table = await newTable();
    const holder = await newPlayer(k);
    const other = await newPlayer(k);
    const friend = await newPlayer(k);
    const r = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(40) }));
    const join = (token: string) => k.post('/v1/game/join', { table_id: table.id }, token);

    // well before the start the table is anyone's
    const early = await join(other.token);
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    await k.post('/v1/game/leave', { game_id: (early.body.game as { id: number }).id }, other.token);

    await advance(k, Date.parse(r.starts_at) - (await serverNow()) - 10 * MIN);
    expect(await join(other.token)).toMatchObject({ status: 409, body: { message: 'error.table_reserved' } });
    expect((await join(holder.token)).status).toBe(200);
    const mine = (await k.get('/v1/reservation/my', holder.token)).body.data as TReservation[];
    expect(mine.find((x) => x.id === r.id)?.status).toBe('claimed');
    expect((await join(friend.token)).status).toBe(200);
    expect((await tableNow(table.id)).reserved_from).toBeNull();
  });

  it('frees a no-show after the grace minutes, and the floor stops showing it reserved', async () => {
    await k.post('/v1/settings/reservations', { grace_minutes: 10, reminder_minutes: 60 }, admin);
    const table = await newTable();
    const holder = await newPlayer(k);
    const other = await newPlayer(k);
    const r = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(30) }));
    await advance(k, Date.parse(r.starts_at) - (await serverNow()) + 5 * MIN);
    expect((await k.post('/v1/game/join', { table_id: table.id }, other.token)).body.message).toBe(
      'error.table_reserved',
    );
    await sweep();
    expect((await tableNow(table.id)).reserved_from).toBe(r.starts_at);

    await advance(k, 6 * MIN);
    expect((await sweep()).released).toBeGreaterThanOrEqual(1);
    const [row] = await k.kiosk.database.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row?.status).toBe('no_show');
    expect((await tableNow(table.id)).reserved_from).toBeNull();
    expect((await k.post('/v1/game/join', { table_id: table.id }, other.token)).status).toBe(200);
    // the freed time can be booked again
    const again = await book(holder.token, { table_id: table.id, starts_at: await startIn(15), minutes: 30 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('reminds the holder once by e-mail and in the app before the start', async () => {
    await k.post('/v1/settings/reservations', { grace_minutes: 15, reminder_minutes: 60 }, admin);
    const table = await newTable();
    const holder = await newPlayer(k);
    const r = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(3 * 60) }));
    const mails = async () =>
      (await k.kiosk.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, holder.user.email))).filter((m) =>
        m.subject.startsWith('Bordet ditt venter'),
      );
    await sweep();
    expect(await mails()).toHaveLength(0);
    await advance(k, Date.parse(r.starts_at) - (await serverNow()) - 50 * MIN);
    await sweep();
    await sweep();
    const sent = await mails();
    expect(sent).toHaveLength(1);
    // the table's own name, as the club wrote it ('Bord 3', 'Snooker'): not 'Bord Bord 3'
    expect(sent[0]?.text).toContain(`\n${table.name} hos `);
    const notes = (await k.get('/v1/notification/my', holder.token)).body.data as { url: string | null }[];
    expect(notes.some((n) => n.url === '/reservations')).toBe(true);
  });

  it('keeps an out-of-order table from being joined or booked, and shows it on the floor', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    const marked = await k.post('/v1/table/out-of-order', { table_id: table.id, reason: 'Ny duk' }, admin);
    expect(marked.body.table).toMatchObject({ out_of_order: true, out_of_order_reason: 'Ny duk' });
    expect(await k.post('/v1/game/join', { table_id: table.id }, p.token)).toMatchObject({
      status: 409,
      body: { message: 'error.table_out_of_order' },
    });
    expect((await book(p.token, { table_id: table.id, starts_at: await startIn(24 * 60) })).body.message).toBe(
      'error.table_out_of_order',
    );
    expect((await k.post('/v1/table/out-of-order', { table_id: table.id, reason: 'x' }, p.token)).status).toBe(403);
    await k.post('/v1/table/out-of-order', { table_id: table.id, reason: null }, admin);
    expect((await tableNow(table.id)).out_of_order).toBe(false);
    expect((await k.post('/v1/game/join', { table_id: table.id }, p.token)).status).toBe(200);
  });
});

describe('a table in play', () => {
  it('is not booked for the next quarter of an hour, by table or by party size, but is after that', async () => {
    // five minutes past a quarter hour: the next start is ten minutes away
    const now = await serverNow();
    await advance(k, Math.ceil(now / QUARTER) * QUARTER - now + 5 * MIN);
    const table = await newTable({ capacity: 2 });
    const player = await newPlayer(k);
    expect((await k.post('/v1/game/join', { table_id: table.id }, player.token)).status).toBe(200);
    const booker = await newPlayer(k);
    const soon = await startIn(1);
    expect(await book(booker.token, { table_id: table.id, starts_at: soon })).toMatchObject({
      status: 409,
      body: { message: 'error.table_in_play' },
    });
    const any = await book(booker.token, { table_id: null, starts_at: soon });
    if (any.status === 200) expect(reservationOf(any).table_id).not.toBe(table.id);
    expect((await book(booker.token, { table_id: table.id, starts_at: await startIn(30) })).status).toBe(200);
  });
});

describe('a booked table taken off the floor', () => {
  it('tells the holder when it goes out of order, and cannot be deleted until its bookings are moved', async () => {
    const table = await newTable();
    const holder = await newPlayer(k);
    const booked = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(24 * 60) }));
    const notices = async () =>
      (
        (await k.get('/v1/notification/my', holder.token)).body.data as { message: string; url: string | null }[]
      ).filter((n) => n.message.includes('ute av drift'));

    await k.post('/v1/table/out-of-order', { table_id: table.id, reason: 'Ny duk' }, admin);
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ url: '/reservations' });
    expect(told[0]?.message).toContain(table.name);
    // a new reason for a table already out of order tells nobody again
    await k.post('/v1/table/out-of-order', { table_id: table.id, reason: 'Ny duk og nye kuler' }, admin);
    expect(await notices()).toHaveLength(1);

    expect(await k.post(`/v1/table/delete/${table.id}`, {}, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.table_has_bookings' },
    });
    const other = await newTable();
    const moved = await k.post(
      '/v1/reservation/move',
      { id: booked.id, table_id: other.id, starts_at: booked.starts_at, minutes: 60 },
      admin,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await k.post(`/v1/table/delete/${table.id}`, {}, admin)).status).toBe(200);
  });

  it('is not taken out of use until its bookings are cancelled or moved, but may be edited meanwhile', async () => {
    const table = await newTable();
    const holder = await newPlayer(k);
    const booked = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(24 * 60) }));
    const edit = (fields: Record<string, unknown>) =>
      k.post(
        '/v1/table/update',
        { id: table.id, name: table.name, capacity: 4, price_per_minute: 250, ...fields },
        admin,
      );

    expect(await edit({ active: false })).toMatchObject({ status: 409, body: { message: 'error.table_has_bookings' } });
    expect((await tableNow(table.id)).active).toBe(true);
    expect((await edit({ price_per_minute: 300 })).status).toBe(200);

    expect((await k.post('/v1/reservation/cancel', { id: booked.id }, admin)).status).toBe(200);
    expect((await edit({ active: false })).status).toBe(200);
    expect((await tableNow(table.id)).active).toBe(false);
  });
});

describe('a player deleted with bookings to come', () => {
  it('has them cancelled, so the tables are free for others and the floor and feeds hear of it', async () => {
    const [table, later] = [await newTable(), await newTable()];
    const holder = await newPlayer(k);
    const other = await newPlayer(k);
    const soon = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(40) }));
    const after = reservationOf(await book(holder.token, { table_id: later.id, starts_at: await startIn(24 * 60) }));
    const [last] = await k.kiosk.database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);

    expect((await k.post(`/v1/user/delete/${holder.user.id}`, {}, admin)).status).toBe(200);
    const rows = await k.kiosk.database.db
      .select()
      .from(reservations)
      .where(inArray(reservations.id, [soon.id, after.id]));
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'canceled']);
    const events = await k.kiosk.database.db
      .select({ type: outbox.type, payload: outbox.payload })
      .from(outbox)
      .where(gt(outbox.id, last?.id ?? 0));
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'table.updated', payload: { table_id: table.id } },
        { type: 'table.updated', payload: { table_id: later.id } },
        { type: 'feed.changed', payload: { feed: 'reservations' } },
      ]),
    );

    await advance(k, Date.parse(soon.starts_at) - (await serverNow()) - 10 * MIN);
    expect((await tableNow(table.id)).reserved_from).toBeNull();
    expect((await k.post('/v1/game/join', { table_id: table.id }, other.token)).status).toBe(200);
  });
});

describe('cancelling and staff changes', () => {
  it('lets the holder cancel until the start, staff at any time, and nobody else', async () => {
    const table = await newTable();
    const holder = await newPlayer(k);
    const stranger = await newPlayer(k);
    const first = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(60) }));
    expect(await k.post('/v1/reservation/cancel', { id: first.id }, stranger.token)).toMatchObject({
      status: 404,
      body: { message: 'error.reservation_not_found' },
    });
    const canceled = await k.post('/v1/reservation/cancel', { id: first.id }, holder.token);
    expect(reservationOf(canceled).status).toBe('canceled');
    expect((await tableNow(table.id)).reserved_from).toBeNull();

    const second = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(30) }));
    await advance(k, Date.parse(second.starts_at) - (await serverNow()) + MIN);
    expect(await k.post('/v1/reservation/cancel', { id: second.id }, holder.token)).toMatchObject({
      status: 409,
      body: { message: 'error.reservation_started' },
    });
    expect(reservationOf(await k.post('/v1/reservation/cancel', { id: second.id }, admin)).status).toBe('canceled');
  });

  it('lets staff book for a caller by name, block an event and move bookings; players may not', async () => {
    const a = await newTable();
    const b = await newTable();
    const p = await newPlayer(k);
    const starts_at = await startIn(26 * 60);
    expect((await book(p.token, { table_id: a.id, starts_at, name: 'Ola på telefon' })).status).toBe(403);
    expect((await book(p.token, { table_id: a.id, starts_at, kind: 'block' })).status).toBe(403);
    const called = await book(admin, { table_id: a.id, starts_at, name: 'Ola på telefon' });
    expect(called.status, JSON.stringify(called.body)).toBe(200);
    const call = reservationOf(called);
    expect(call).toMatchObject({ user_id: null, name: 'Ola på telefon', kind: 'booking' });
    const later = new Date(Date.parse(starts_at) + 2 * 60 * MIN).toISOString();
    const block = reservationOf(await book(admin, { table_id: b.id, starts_at: later, kind: 'block', name: 'Cup' }));

    const move = (body: Record<string, unknown>, token = admin) =>
      k.post('/v1/reservation/move', { id: call.id, table_id: b.id, starts_at: later, minutes: 60, ...body }, token);
    expect((await move({}, p.token)).status).toBe(403);
    expect(await move({})).toMatchObject({ status: 409, body: { message: 'error.table_reserved' } });
    const moved = await move({ starts_at: starts_at });
    expect(reservationOf(moved)).toMatchObject({ table_id: b.id, starts_at });
    expect((await tableNow(a.id)).reserved_from).toBeNull();
    expect((await tableNow(b.id)).reserved_from).toBe(starts_at);

    const joinBlocked = await k.post('/v1/reservation/cancel', { id: block.id }, p.token);
    expect(joinBlocked.status).toBe(404);
    expect((await k.get(`/v1/reservation/all?date=nope`, admin)).status).toBe(422);
  });
});

describe('the holder of a booking staff change', () => {
  type Notice = { message: string; link_text: string | null; url: string | null };
  const noticesOf = async (token: string, says: string) =>
    ((await k.get('/v1/notification/my', token)).body.data as Notice[]).filter((n) => n.message.includes(says));
  const clubTime = (at: string, locale: string) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: k.kiosk.deps.config.CLUB_TIMEZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(at));

  it('is told when staff cancel it, with the time at the club and a link to their bookings', async () => {
    const table = await newTable();
    const holder = await newPlayer(k);
    const r = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(24 * 60) }));
    expect((await k.post('/v1/reservation/cancel', { id: r.id }, admin)).status).toBe(200);
    const told = await noticesOf(holder.token, 'avbestilt av klubben');
    expect(told).toEqual([
      {
        ...told[0],
        message: `${table.name}, bestilt ${clubTime(r.starts_at, 'nb-NO')}, er avbestilt av klubben.`,
        link_text: 'Se bestillingene dine',
        url: '/reservations',
      },
    ]);
    // cancelling what is already cancelled tells nobody again
    await k.post('/v1/reservation/cancel', { id: r.id }, admin);
    expect(await noticesOf(holder.token, 'avbestilt')).toHaveLength(1);
  });

  it('is not told of their own cancellation, and a booking by name tells no one', async () => {
    const table = await newTable();
    const holder = await newPlayer(k);
    const r = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(24 * 60) }));
    expect((await k.post('/v1/reservation/cancel', { id: r.id }, holder.token)).status).toBe(200);
    expect(await noticesOf(holder.token, table.name)).toEqual([]);

    const called = reservationOf(
      await book(admin, { table_id: table.id, starts_at: await startIn(25 * 60), name: 'Ola på telefon' }),
    );
    expect((await k.post('/v1/reservation/cancel', { id: called.id }, admin)).status).toBe(200);
    expect(await noticesOf(admin, table.name)).toEqual([]);
  });

  it('is told the new time when staff move it, in their language, and the new table when it changes', async () => {
    const [table, other] = [await newTable(), await newTable()];
    const holder = await newPlayer(k, { locale: 'en' });
    const r = reservationOf(await book(holder.token, { table_id: table.id, starts_at: await startIn(24 * 60) }));
    const move = (body: Record<string, unknown>) =>
      k.post(
        '/v1/reservation/move',
        { id: r.id, table_id: table.id, starts_at: r.starts_at, minutes: 60, ...body },
        admin,
      );

    const later = new Date(Date.parse(r.starts_at) + 60 * MIN).toISOString();
    expect((await move({ starts_at: later })).status).toBe(200);
    expect(await noticesOf(holder.token, 'is moved')).toMatchObject([
      {
        message: `Your booking of ${table.name} is moved to ${clubTime(later, 'en-GB')}.`,
        link_text: 'See your bookings',
        url: '/reservations',
      },
    ]);
    // a longer booking at the same start and table is no news
    expect((await move({ starts_at: later, minutes: 90 })).status).toBe(200);
    expect(await noticesOf(holder.token, 'is moved')).toHaveLength(1);

    expect((await move({ starts_at: later, table_id: other.id })).status).toBe(200);
    const told = await noticesOf(holder.token, `is moved to ${other.name}`);
    expect(told.map((n) => n.message)).toEqual([
      `Your booking of ${table.name} is moved to ${other.name}, ${clubTime(later, 'en-GB')}.`,
    ]);
  });

  it('is not told when they are staff moving their own booking', async () => {
    const table = await newTable();
    const starts_at = await startIn(24 * 60);
    const own = reservationOf(await book(admin, { table_id: table.id, starts_at }));
    expect(own.user_id).not.toBeNull();
    const later = new Date(Date.parse(starts_at) + 60 * MIN).toISOString();
    const moved = await k.post(
      '/v1/reservation/move',
      { id: own.id, table_id: table.id, starts_at: later, minutes: 60 },
      admin,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await noticesOf(admin, table.name)).toEqual([]);
  });
});

describe('one player and the whole floor', () => {
  const limits = (fields: Record<string, number>) =>
    k.post('/v1/settings/reservations', { grace_minutes: 15, reminder_minutes: 120, ...fields }, admin);

  it('holds a player to the club’s number of bookings and hours ahead; staff are not held to them', async () => {
    expect((await k.get('/v1/settings/reservations', admin)).body.settings).toMatchObject({
      max_active_bookings: 3,
      max_hours_ahead: 6,
    });
    const saved = await limits({ max_active_bookings: 2, max_hours_ahead: 3 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const tables = [await newTable(), await newTable(), await newTable()];
    const p = await newPlayer(k);
    const starts_at = await startIn(30 * 60);
    const first = await book(p.token, { table_id: tables[0]!.id, starts_at, minutes: 120 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // two hours held: one more is all the hours allow, not two
    expect(await book(p.token, { table_id: tables[1]!.id, starts_at, minutes: 120 })).toMatchObject({
      status: 409,
      body: { message: 'error.too_many_reservation_hours' },
    });
    expect((await book(p.token, { table_id: tables[1]!.id, starts_at, minutes: 60 })).status).toBe(200);
    expect(await book(p.token, { table_id: tables[2]!.id, starts_at, minutes: 30 })).toMatchObject({
      status: 409,
      body: { message: 'error.too_many_reservations' },
    });
    // staff booking for a caller are not the player
    expect((await book(admin, { table_id: tables[2]!.id, starts_at, name: 'Ola på telefon' })).status).toBe(200);
    // a cancelled booking no longer counts
    await k.post('/v1/reservation/cancel', { id: reservationOf(first).id }, p.token);
    const later = new Date(Date.parse(starts_at) + 4 * 60 * MIN).toISOString();
    expect((await book(p.token, { table_id: tables[0]!.id, starts_at: later, minutes: 120 })).status).toBe(200);

    // many bookings sent at once are counted one after another
    const q = await newPlayer(k);
    const many = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        book(q.token, {
          table_id: tables[i % 3]!.id,
          starts_at: new Date(Date.parse(starts_at) + (8 + i) * 60 * MIN).toISOString(),
          minutes: 30,
        }),
      ),
    );
    expect(many.filter((a) => a.status === 200)).toHaveLength(2);
    expect(many.filter((a) => a.body.message === 'error.too_many_reservations')).toHaveLength(2);
    await limits({});
  });

  it('refuses settings out of range, and leaves a player a limited number of tries an hour', async () => {
    expect((await limits({ max_active_bookings: 0 })).status).toBe(422);
    expect((await limits({ max_hours_ahead: 1000 })).status).toBe(422);
    const p = await newPlayer(k);
    const tries = [];
    // refused tries count too: a sweep of the floor is as costly as a booking
    for (let i = 0; i < 21; i++) tries.push(await book(p.token, { table_id: 999_999, starts_at: 'soon' }));
    expect(tries.slice(0, 20).every((a) => a.status === 422)).toBe(true);
    expect(tries[20]).toMatchObject({ status: 429, body: { message: 'error.rate_limited' } });
    // staff planning a busy day are not limited
    for (let i = 0; i < 21; i++)
      expect((await book(admin, { table_id: 999_999, starts_at: 'soon' })).status).not.toBe(429);
  });
});
