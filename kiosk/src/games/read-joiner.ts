import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/commit-with.ts';
import { jsonRows } from '../db/json-rows.ts';
import { renderedOnce } from '../db/rendered-once.ts';
import { games, players, reservations, userSubscriptions, users, waitlistEntries } from '../db/schema.ts';
import { heldWhen, holdTimes } from '../reservations/table-hold.ts';
import { type TableAroundJson, tableAround } from '../tables/table-around.ts';
import { isOpen } from '../waitlist/line.ts';

const qb = new QueryBuilder();
const userId = sql.placeholder('userId');
const tableId = sql.placeholder('tableId');

/** where the person is seated already */
const seat = qb
  .select({ tableId: games.tableId })
  .from(players)
  .innerJoin(games, eq(games.id, players.gameId))
  .where(and(eq(players.userId, userId), eq(players.status, 'joined')))
  .limit(1)
  .as('seat');
/** as `minutesLeft` in users/minutes-left.ts: less what was played and what a refund took back */
const minutesLeft = sql<number>`${userSubscriptions.durationHours} * 60 - ${userSubscriptions.usedMinutes} - ${userSubscriptions.refundedMinutes}`;
/** their oldest active prepaid hours with minutes left */
const hours = qb
  .select({ id: userSubscriptions.id, minutes: minutesLeft.as('minutes') })
  .from(userSubscriptions)
  .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.status, 'active'), gt(minutesLeft, 0)))
  .orderBy(asc(userSubscriptions.createdAt), asc(userSubscriptions.id))
  .limit(1)
  .as('hours');
/** the waitlist's claim on the table */
const hold = qb
  .select({
    id: waitlistEntries.id,
    userId: waitlistEntries.userId,
    until: waitlistEntries.offerExpiresAt,
    partySize: waitlistEntries.partySize,
  })
  .from(waitlistEntries)
  .where(and(eq(waitlistEntries.offeredTableId, tableId), eq(waitlistEntries.status, 'offered')))
  .limit(1)
  .as('hold');
/** their own place in line */
const line = qb
  .select({ id: waitlistEntries.id })
  .from(waitlistEntries)
  .where(and(eq(waitlistEntries.userId, userId), isOpen))
  .limit(1)
  .as('line');

const reservationRows = jsonRows(reservations);

type JoinerJson = [
  user: [name: string, surname: string, roleId: number],
  seatedAt: number | null,
  hours: [id: number, minutes: number] | null,
  hold: [id: number, userId: number | null, until: string | null, partySize: number] | null,
  inLine: number | null,
  held: unknown[] | null,
  running: number | null,
  around: TableAroundJson,
];

const joinerJson = sql<JoinerJson>`json_build_array(
  json_build_array(${users.name}, ${users.surname}, ${users.roleId}),
  ${seat.tableId},
  case when ${hours.id} is null then null else json_build_array(${hours.id}, ${hours.minutes}) end,
  case when ${hold.id} is null then null else json_build_array(${hold.id}, ${hold.userId}, ${hold.until}, ${hold.partySize}) end,
  ${line.id},
  case when ${reservations.id} is null then null else ${reservationRows.array} end,
  ${games.id},
  ${tableAround(sql`${tableId}`)})`;

/**
 * Written once (`renderedOnce`): Drizzle took 0.4 ms to write this statement on every join,
 * a tenth of a join's work on PostgreSQL (`npm run bench -- api`, join + leave).
 */
const joinerStatement = renderedOnce<{ userId: number; tableId: number; now: string; leadEnd: string }>(
  qb
    .select({ joiner: joinerJson.as('joiner') })
    .from(users)
    .leftJoin(seat, sql`true`)
    .leftJoin(hours, sql`true`)
    .leftJoin(hold, sql`true`)
    .leftJoin(line, sql`true`)
    // the first booking by start, as `holdAtJoin` takes it
    .leftJoin(reservations, heldWhen(tableId, sql.placeholder('now'), sql.placeholder('leadEnd')))
    .leftJoin(games, and(eq(games.tableId, tableId), ne(games.status, 'ended')))
    .where(eq(users.id, userId))
    .orderBy(asc(reservations.startsAt))
    .limit(1)
    .getSQL(),
);

/**
 * What a join needs to know about the person and the (locked) table, in one read: who they
 * are, where they are seated already, their oldest active prepaid hours with minutes left,
 * the waitlist's claim on the table and their own place in line, the booking that may hold
 * the table, the game running there (its id: `readGameRows` reads it with the pause log the
 * kiosk holds, where this read would carry the whole log every time) and what the floor shows
 * around the table. Undefined when there is no such person.
 */
export async function readJoiner(tx: Executor, who: number, at: number, nowMs: number) {
  const { now, leadEnd } = holdTimes(nowMs);
  const [row] = await rowsOf(
    tx,
    joinerStatement({ userId: who, tableId: at, now: now.toISOString(), leadEnd: leadEnd.toISOString() }),
  );
  if (!row) return undefined;
  const [user, seatedAt, hoursLeft, claim, inLine, held, running, around] = row.joiner as JoinerJson;
  return {
    user: { name: user[0], surname: user[1], roleId: user[2] },
    seatedAt,
    hours: hoursLeft && { id: hoursLeft[0], minutes: hoursLeft[1] },
    hold: claim && {
      id: claim[0],
      userId: claim[1],
      until: claim[2] === null ? null : (waitlistEntries.offerExpiresAt.mapFromDriverValue(claim[2]) as Date),
      partySize: claim[3],
    },
    inLine,
    held: held && reservationRows.parse(held),
    running,
    around,
  };
}
