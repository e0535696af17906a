/**
 * EXPLAIN ANALYZE of the kiosk's hot queries on both engines, with and without the
 * 0005_hot_path_indexes migration, on an evening's worth of rows (50 tables, 200 players,
 * 40 000 ended games with their players, one running game a table). PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *
 *   node --import tsx bench/api-explain.ts
 */
import { openDatabase } from '@club/kiosk/db/client';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const QUERIES: Record<string, string> = {
  'table list': `select t.id, g.id, g.status, seated.n from pool_tables t left join games g on g.table_id = t.id and g.status <> 'ended' left join (select game_id, count(*) n from players where status = 'joined' group by game_id) seated on seated.game_id = g.id where t.deleted_at is null order by t.id`,
  'game view': `select g.*, p.*, coalesce((select json_agg(json_build_array(e.kind, e.at) order by e.at, e.id) from game_events e where e.game_id = g.id and e.kind in ('paused','unpaused','ended')), '[]'::json) from games g left join players p on p.game_id = g.id where g.id = 7 order by p.joined_at, p.id`,
  'guests of a host': `select * from players where guest_of in (9000) and status in ('left','kicked')`,
  'session by token': `select s.id, u.id, u.is_admin from sessions s join users u on u.id = s.user_id where s.token_hash = 'x' and s.revoked_at is null and s.expires_at > now() limit 1`,
};

async function fill(exec: (q: string) => Promise<unknown>) {
  await exec(`insert into roles (id, name) values (1, 'a'), (2, 'b'), (3, 'c') on conflict do nothing`);
  await exec(
    `insert into users (name, surname, email, phone, password_hash, role_id) select 'a', 'b', 'u' || i || '@x', '4' || (1000000 + i), 'h', 2 from generate_series(1, 200) i`,
  );
  await exec(
    `insert into pool_tables (name, capacity, price_per_minute) select 'T' || i, 4, 250 from generate_series(1, 50) i`,
  );
  // 40 000 ended games with their left players (an evening's bench), then one running game per table
  await exec(
    `insert into games (table_id, status, started_at, ended_at) select 1 + i % 50, 'ended', now(), now() from generate_series(1, 40000) i`,
  );
  await exec(
    `insert into players (game_id, user_id, name, role_id, price_per_minute, joined_at, left_at, status) select g.id, 1 + g.id % 200, 'x', 2, 250, now(), now(), 'left' from games g`,
  );
  await exec(`insert into games (table_id, status, started_at) select id, 'playing', now() from pool_tables`);
  await exec(
    `insert into players (game_id, user_id, name, role_id, price_per_minute, joined_at, status) select g.id, u.id, 'x', 2, 250, now(), 'joined' from games g join users u on (u.id - 1) / 4 + 1 = g.table_id where g.status = 'playing'`,
  );
  await exec(`analyze`);
}

async function explain(engine: string, exec: (q: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  for (const [name, q] of Object.entries(QUERIES)) {
    for (const variant of ['with', 'without'] as const) {
      if (variant === 'without') {
        await exec('drop index if exists players_seated_game_idx');
        await exec('drop index if exists players_guest_of_idx');
      }
      const r = await exec(`explain analyze ${q}`);
      const lines = r.rows.map((x) => Object.values(x)[0] as string);
      console.log(`\n## ${engine} · ${name} · ${variant} the 0005 indexes\n${lines.join('\n')}`);
      if (variant === 'without') {
        await exec(`create index players_seated_game_idx on players (game_id) where status = 'joined'`);
        await exec(`create index players_guest_of_idx on players (guest_of) where guest_of is not null`);
      }
    }
  }
}

const lite = await openDatabase({ dataDir: 'memory://' });
const exLite = async (q: string) =>
  (await lite.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] };
await fill(exLite);
await explain('pglite', exLite);
await lite.close();

const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists bench_explain');
  await admin.query('create database bench_explain');
  const u = new URL(url);
  u.pathname = '/bench_explain';
  const db = await openDatabase({ url: u.toString(), dataDir: '' });
  const ex = async (q: string) => (await db.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] };
  await fill(ex);
  await explain('postgres', ex);
  await db.close();
  await admin.query('drop database bench_explain');
  await admin.end();
}
process.exit(0);
