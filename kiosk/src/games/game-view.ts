import { type Bill, computeBill } from '@club/shared/bill';
import type { TBillingInput, TBillingSettings } from '@club/shared/billing';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TGame, TPlayer } from '@club/shared/tables';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/commit-with.ts';
import { jsonRows, spelledOut } from '../db/json-rows.ts';
import { renderedOnce } from '../db/rendered-once.ts';
import { gameEvents, games, players, poolTables, subscriptionEvents, userSubscriptions } from '../db/schema.ts';
import { tableTimeWindows } from '../discounts/applicable.ts';
import { billingSettings } from '../settings/club-settings.ts';
import { parseAround, type TableAround, type TableAroundJson, tableAround } from '../tables/table-around.ts';
import {
  heldLog,
  type Interval,
  type LogEntry,
  type LogRead,
  logAfterRead,
  pausesFrom,
  pausesOfLog,
} from './pause-log.ts';

export type PlayerRow = typeof players.$inferSelect;
export type GameRow = typeof games.$inferSelect;

/** the game log's entries that open and close pauses */
const PAUSE_KINDS = ['paused', 'unpaused', 'ended'];
// the same list written into SQL once, for the statements that are rendered once (constants, never input)
const pauseKindsSql = sql.raw(PAUSE_KINDS.map((kind) => `'${kind}'`).join(', '));

/** The pauses of some games, from their event log. */
async function pausesOf(db: Executor, gameIds: number[]): Promise<Map<number, Interval[]>> {
  const out = new Map<number, Interval[]>();
  if (!gameIds.length) return out;
  const events = await db
    .select({ gameId: gameEvents.gameId, kind: gameEvents.kind, at: gameEvents.at })
    .from(gameEvents)
    .where(and(inArray(gameEvents.gameId, gameIds), inArray(gameEvents.kind, PAUSE_KINDS)))
    .orderBy(asc(gameEvents.at), asc(gameEvents.id));
  for (const id of gameIds)
    out.set(
      id,
      pausesFrom(events.filter((e) => e.gameId === id).map((e) => ({ kind: e.kind, at: e.at.toISOString() }))),
    );
  return out;
}

/**
 * When each subscription was paid (made active: it pays no minute started before) and when it
 * was paused, from its row and its event log, in one read.
 */
async function subscriptionTimesOf(
  db: Executor,
  ids: number[],
): Promise<Map<number, { paidAt: Date | null; pauses: Interval[] }>> {
  const out = new Map<number, { paidAt: Date | null; pauses: Interval[] }>(
    ids.map((id) => [id, { paidAt: null, pauses: [] }]),
  );
  if (!ids.length) return out;
  const rows = await db
    .select({ id: userSubscriptions.id, paidAt: userSubscriptions.createdAt, event: subscriptionEvents })
    .from(userSubscriptions)
    .leftJoin(subscriptionEvents, eq(subscriptionEvents.userSubscriptionId, userSubscriptions.id))
    .where(inArray(userSubscriptions.id, ids))
    .orderBy(asc(subscriptionEvents.at), asc(subscriptionEvents.id));
  for (const { id, paidAt, event: e } of rows) {
    const times = out.get(id)!;
    times.paidAt = paidAt;
    if (!e) continue;
    const list = times.pauses;
    const open = list.at(-1);
    if (e.kind === 'paused' && (!open || open.to !== null)) list.push({ from: e.at.toISOString(), to: null });
    if (e.kind === 'unpaused' && open && open.to === null) open.to = e.at.toISOString();
    // deleted, used up or refunded: from then on it pays nothing, as if paused for good
    if ((e.kind === 'deleted' || e.kind === 'expired' || e.kind === 'refunded') && (!open || open.to !== null))
      list.push({ from: e.at.toISOString(), to: null });
  }
  return out;
}

/** Every earlier row of the given players' sessions (table switches), by id. */
async function withHistory(db: Executor, rows: PlayerRow[]): Promise<Map<number, PlayerRow>> {
  const known = new Map(rows.map((r) => [r.id, r]));
  let missing = rows.map((r) => r.previousPlayerId).filter((id): id is number => id !== null && !known.has(id));
  while (missing.length) {
    const found = await db.select().from(players).where(inArray(players.id, missing));
    for (const r of found) known.set(r.id, r);
    missing = found.map((r) => r.previousPlayerId).filter((id): id is number => id !== null && !known.has(id));
  }
  return known;
}

/**
 * The pauses of a game a player played in earlier (before a switch) that overlap their time
 * there: the bill counts no others, and such a segment travels with every answer of the game
 * they moved to. A segment in the row's own game keeps the game's list as it is: the answer
 * leaves that list out (`toPlayer`), and the bill parses one list once for all the game's
 * players. Times are `toISOString`'s, so they compare as text.
 */
function pausesWhile(pauses: Interval[], from: string, to: string | null): Interval[] {
  return pauses.filter((p) => (p.to === null || p.to > from) && (to === null || p.from < to));
}

export interface Billing {
  inputs: Map<number, TBillingInput>;
  settings: TBillingSettings;
}

/**
 * The billing input of each given player: one segment per table of their session, each
 * with its game's pauses, and the prepaid minutes the session started with.
 */
export async function billingFor(
  db: Executor,
  rows: PlayerRow[],
  known: GameRow[] = [],
  knownPauses = new Map<number, Interval[]>(),
): Promise<Billing> {
  const settings = await billingSettings.get(db);
  const all = await withHistory(db, rows);
  const gameIds = [...new Set([...all.values()].map((r) => r.gameId))];
  // the table of each game of the sessions; a game the caller has read already is not read again
  const tableOf = new Map(known.map((g) => [g.id, g.tableId]));
  const unknown = gameIds.filter((id) => !tableOf.has(id));
  const gameRows = unknown.length ? await db.select().from(games).where(inArray(games.id, unknown)) : [];
  for (const g of gameRows) tableOf.set(g.id, g.tableId);
  const pauses = new Map([
    ...knownPauses,
    ...(await pausesOf(
      db,
      gameIds.filter((id) => !knownPauses.has(id)),
    )),
  ]);
  const subscriptionIds = [
    ...new Set([...all.values()].map((r) => r.subscriptionId).filter((id): id is number => id !== null)),
  ];
  const subscriptionTimes = await subscriptionTimesOf(db, subscriptionIds);
  const windowsFor = await tableTimeWindows(db);
  const inputs = new Map<number, TBillingInput>();
  for (const row of rows) {
    const chain: PlayerRow[] = [];
    for (let r: PlayerRow | undefined = row; r; r = r.previousPlayerId ? all.get(r.previousPlayerId) : undefined)
      chain.unshift(r);
    // happy hours from the session's start to half a day ahead, so a running bill keeps ticking right
    const start = chain[0]!.joinedAt.getTime();
    // hours bought during the session pay from their payment on (`activateSubscriptions`)
    const subscription = chain[0]!.subscriptionId ? subscriptionTimes.get(chain[0]!.subscriptionId) : undefined;
    const paidAt = subscription?.paidAt;
    const end = row.leftAt ? row.leftAt.getTime() : clock.nowMs() + 12 * 3_600_000;
    inputs.set(row.id, {
      segments: chain.map((r) => {
        const from = r.joinedAt.toISOString();
        const to = r.leftAt ? r.leftAt.toISOString() : null;
        const gamePauses = pauses.get(r.gameId) ?? [];
        return {
          table_id: tableOf.get(r.gameId) ?? 0,
          game_id: r.gameId,
          price_per_minute: r.pricePerMinute,
          from,
          to,
          pauses: r.gameId === row.gameId ? gamePauses : pausesWhile(gamePauses, from, to),
        };
      }),
      subscription_minutes: chain[0]?.subscriptionMinutes ?? 0,
      subscription_from: paidAt && paidAt.getTime() > start ? paidAt.toISOString() : null,
      subscription_pauses: subscription?.pauses ?? [],
      ...windowsFor(row.roleId, start, end),
      settings,
    });
  }
  return { inputs, settings };
}

export function toPlayer(row: PlayerRow, billing: TBillingInput, bill: Bill): TPlayer {
  // the pauses of the player's segments in this game are the game's (`TGame.pauses`)
  const segments = billing.segments.map(({ pauses, game_id = row.gameId, ...segment }) =>
    game_id === row.gameId ? { ...segment, game_id } : { ...segment, game_id, pauses },
  );
  return {
    id: row.id,
    game_id: row.gameId,
    user_id: row.userId,
    name: row.name,
    guest_of: row.guestOf,
    role_id: row.roleId,
    price_per_minute: row.pricePerMinute,
    joined_at: row.joinedAt.toISOString(),
    left_at: row.leftAt ? row.leftAt.toISOString() : null,
    status: row.status,
    minutes: bill.minutes,
    total: bill.total,
    previous_player_id: row.previousPlayerId,
    billing: { ...billing, segments },
  };
}

/** the rows of players, games and tables carried in JSON (`jsonRows`), for the statements that read them */
export const playerRows = jsonRows(players);
export const gameRows = jsonRows(games);
export const tableRows = jsonRows(poolTables);
// the outer game of the subqueries below, spelled out (`spelledOut`)
const thisGame = spelledOut(games, games.id);
/** the players of the game in the enclosing `from games`, in the order they joined */
const playersOfGame = sql<
  unknown[][]
>`coalesce((select json_agg(${playerRows.array} order by ${players.joinedAt}, ${players.id}) from ${players} where ${players.gameId} = ${thisGame}), '[]'::json)`;
/**
 * The game's pause log (the entries that open and close its pauses) as `LogRead`: how many
 * entries there are, the sum of their ids, and `[id, kind, at]` of those after the id `after`,
 * in order. A reader that holds the log already asks only for what was added since.
 */
const pauseLogAfter = sql<LogRead>`(select json_build_array(count(*), coalesce(sum(${gameEvents.id}), 0), coalesce(json_agg(json_build_array(${gameEvents.id}, ${gameEvents.kind}, ${gameEvents.at}) order by ${gameEvents.at}, ${gameEvents.id}) filter (where ${gameEvents.id} > ${sql.placeholder('after')}), '[]'::json)) from ${gameEvents} where ${gameEvents.gameId} = ${thisGame} and ${gameEvents.kind} in (${pauseKindsSql}))`;

type GameJson = [unknown[], unknown[][], LogRead];

/**
 * The game, its players and its pause log as one JSON value in one row: it runs for every
 * `GET /v1/game/{id}`, every change of the game and every event the phones are told of, and
 * the query budget (kiosk/tests/query-budget.test.ts) holds that read to one statement. The
 * players and the log are JSON arrays, each read once, so the answer grows with the players
 * plus the log (a join would repeat the game and its log on every player's row).
 */
const gameJson = sql<GameJson>`json_build_array(${gameRows.array}, ${playersOfGame}, ${pauseLogAfter})`;
const readGameStatement = renderedOnce<{ id: number; after: number }>(
  sql`select ${gameJson} as "game" from ${games} where ${games.id} = ${sql.placeholder('id')}`,
);
/** the same, with what the floor shows around the game's table: for a writer that makes the table's view */
const readGameAroundStatement = renderedOnce<{ id: number; after: number }>(
  sql`select ${gameJson} as "game", ${tableAround(spelledOut(games, games.tableId))} as "around" from ${games} where ${games.id} = ${sql.placeholder('id')}`,
);

/** A game's row with all its players (in the order they joined) and its pause log. */
export interface GameRead {
  game: GameRow;
  players: PlayerRow[];
  /** the entries that open and close pauses, in order */
  log: LogEntry[];
}

/**
 * The game's rows as one statement reads them (in a transaction, as they stand in it), with
 * only the part of its pause log this process has not read yet; the whole log again when what
 * it held no longer matches (`logAfterRead`).
 */
export async function readGameRows(db: Executor, gameId: number): Promise<GameRead | undefined> {
  return (await readGame(db, gameId, false))?.read;
}

/**
 * `readGameRows` for a writer under the table's lock, with the table's next booking and the
 * waitlist's hold on it: what it needs besides the game to make the table's view (`tableViewOf`).
 */
export function readGameAround(db: Executor, gameId: number) {
  return readGame(db, gameId, true);
}

async function readGame(
  db: Executor,
  gameId: number,
  withAround: boolean,
): Promise<{ read: GameRead; around: TableAround } | undefined> {
  const statement = withAround ? readGameAroundStatement : readGameStatement;
  const read = async (before: ReturnType<typeof heldLog>) => {
    const [row] = (await rowsOf(db, statement({ id: gameId, after: before?.lastId ?? 0 }))) as {
      game: GameJson;
      around?: TableAroundJson;
    }[];
    if (!row) return undefined;
    const [game, players, log] = row.game;
    const entries = logAfterRead(db, gameId, before, log);
    return entries && { read: gameReadOf(game, players, entries), around: row.around ? parseAround(row.around) : {} };
  };
  const before = heldLog(db, gameId);
  const found = await read(before);
  return found !== undefined || !before ? found : read(undefined);
}

function gameReadOf(game: unknown[], rows: unknown[][], log: LogEntry[]): GameRead {
  return { game: gameRows.parse(game), players: rows.map(playerRows.parse), log };
}

/** A game with its players and their running totals at `now`, from its rows. */
export async function viewOf(db: Executor, read: GameRead, now: Date): Promise<TGame> {
  const { game, players: rows } = read;
  const pauses = pausesOfLog(read.log);
  const { inputs } = await billingFor(db, rows, [game], new Map([[game.id, pauses]]));
  return {
    id: game.id,
    table_id: game.tableId,
    status: game.status,
    started_at: game.startedAt.toISOString(),
    ending_at: game.endingAt ? game.endingAt.toISOString() : null,
    ended_at: game.endedAt ? game.endedAt.toISOString() : null,
    players: rows.map((r) => {
      const input = inputs.get(r.id)!;
      return toPlayer(r, input, computeBill(input, now));
    }),
    pauses,
  };
}

/** A game with its players and their running totals at `now`. */
export async function gameView(db: Executor, gameId: number, now: Date): Promise<TGame> {
  const read = await readGameRows(db, gameId);
  if (!read) throw new AppError('error.game_not_found');
  return viewOf(db, read, now);
}
