/** The tables and games reports: how the floor was used. */

import { localDate, localHour, nextHour } from '@club/shared/time-zone';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { players, poolTables } from '../db/schema.ts';
import {
  type Built,
  gamesIn,
  itemsOf,
  MINUTE,
  minutes,
  percent,
  type Range,
  section,
  settledOrders,
} from './report-reads.ts';

/** Each table's use over the range, and play by hour of the day. */
export async function tablesReport(db: Executor, r: Range): Promise<Built> {
  const tables = await db.select().from(poolTables).orderBy(asc(poolTables.id));
  const played = await gamesIn(db, r);
  const span = r.end - r.start;
  const days = Math.max(1, Math.round(span / 86_400_000));
  const live = tables.filter((t) => t.deletedAt === null || played.some((g) => g.tableId === t.id));
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const g of played) {
    for (let t = g.from; t < g.to; ) {
      const until = Math.min(g.to, nextHour(t, r.timeZone));
      byHour[localHour(t, r.timeZone)]! += until - t;
      t = until;
    }
  }
  const settled = await settledOrders(db, r);
  const items = (
    await itemsOf(
      db,
      settled.map((o) => o.id),
    )
  ).filter((i) => i.kind === 'game');
  const rows = live.map((t) => {
    const mine = played.filter((g) => g.tableId === t.id);
    const occupied = mine.reduce((sum, g) => sum + Math.max(0, g.to - g.from), 0);
    return {
      table: t.name,
      games: mine.length,
      occupied_minutes: minutes(occupied),
      utilisation: percent(occupied, span),
      revenue: items.filter((i) => i.tableId === t.id).reduce((sum, i) => sum + i.total, 0),
    };
  });
  const occupiedAll = played.reduce((sum, g) => sum + Math.max(0, g.to - g.from), 0);
  const hourCapacity = live.length * days * 60 * MINUTE;
  return {
    totals: {
      utilisation: percent(occupiedAll, span * Math.max(1, live.length)),
      occupied_minutes: minutes(occupiedAll),
      games: played.length,
      revenue: rows.reduce((sum, row) => sum + row.revenue, 0),
    },
    sections: [
      section(
        'by_table',
        [
          ['table', 'text'],
          ['games', 'int'],
          ['occupied_minutes', 'minutes'],
          ['utilisation', 'percent'],
          ['revenue', 'money'],
        ],
        rows,
      ),
      section(
        'by_hour',
        [
          ['hour', 'int'],
          ['occupied_minutes', 'minutes'],
          ['utilisation', 'percent'],
        ],
        byHour.map((ms, hour) => ({ hour, occupied_minutes: minutes(ms), utilisation: percent(ms, hourCapacity) })),
      ),
    ],
  };
}

const BUCKETS: [string, number][] = [
  ['0-30', 30],
  ['30-60', 60],
  ['60-120', 120],
  ['120+', Number.POSITIVE_INFINITY],
];

/** How long games last, and games by day. */
export async function gamesReport(db: Executor, r: Range): Promise<Built> {
  const started = (await gamesIn(db, r)).filter((g) => g.startedAt.getTime() >= r.start);
  const seated = started.length
    ? await db
        .select()
        .from(players)
        .where(
          inArray(
            players.gameId,
            started.map((g) => g.id),
          ),
        )
    : [];
  const lengths = started.map((g) => minutes(g.length));
  const byDay = new Map<string, { games: number; minutes: number }>();
  for (const g of started) {
    const day = localDate(g.startedAt.getTime(), r.timeZone);
    const entry = byDay.get(day) ?? { games: 0, minutes: 0 };
    entry.games++;
    entry.minutes += minutes(g.length);
    byDay.set(day, entry);
  }
  const total = lengths.reduce((a, b) => a + b, 0);
  return {
    totals: {
      games: started.length,
      total_minutes: total,
      average_minutes: started.length ? Math.round(total / started.length) : 0,
      players: seated.filter((p) => p.previousPlayerId === null).length,
    },
    sections: [
      section(
        'length_distribution',
        [
          ['minutes', 'text'],
          ['games', 'int'],
        ],
        BUCKETS.map(([label, upper], i) => ({
          minutes: label,
          games: lengths.filter((l) => l < upper && l >= (i === 0 ? 0 : BUCKETS[i - 1]![1])).length,
        })),
      ),
      section(
        'by_day',
        [
          ['date', 'date'],
          ['games', 'int'],
          ['minutes', 'minutes'],
        ],
        [...byDay.entries()].sort().map(([date, v]) => ({ date, ...v })),
      ),
    ],
  };
}
