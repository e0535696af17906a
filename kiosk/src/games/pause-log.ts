import type { Executor } from '../db/client.ts';
import { databaseOf } from '../db/read-cache.ts';

export interface Interval {
  from: string;
  to: string | null;
}

/** An entry of a game's pause log: what happened, and when (ISO 8601, as the API writes times). */
export interface LogEntry {
  kind: string;
  at: string;
}

/** A game's pauses from its log's `paused`, `unpaused` and `ended` entries, in order. */
export const pausesFrom = (events: LogEntry[]): Interval[] => pausesAfter([], events);

/**
 * The pauses of a log that goes on from one whose pauses are `before`: those, and what the
 * entries added open and close. The pauses of `before` are kept as they are (one that closes
 * is a new one), so a bill of the longer log parses only the new ones (`spansOf`).
 */
function pausesAfter(before: Interval[], added: LogEntry[]): Interval[] {
  const list = [...before];
  for (const e of added) {
    const open = list.at(-1);
    if (e.kind === 'paused' && (!open || open.to !== null)) list.push({ from: e.at, to: null });
    if ((e.kind === 'unpaused' || e.kind === 'ended') && open && open.to === null)
      list[list.length - 1] = { from: open.from, to: e.at };
  }
  return list;
}

const pausesOfLogs = new WeakMap<LogEntry[], Interval[]>();

/**
 * `pausesFrom` once per log: a log read again unchanged is the same list (`logAfterRead`), so
 * its pauses are the same list too, and the bill parses them once (`spansOf`).
 */
export function pausesOfLog(log: LogEntry[]): Interval[] {
  let pauses = pausesOfLogs.get(log);
  if (!pauses) {
    pauses = pausesFrom(log);
    pausesOfLogs.set(log, pauses);
  }
  return pauses;
}

/** The log with entries added after the last, as a new list; its pauses made from the log's. */
export function logWith(log: LogEntry[], added: LogEntry[]): LogEntry[] {
  const longer = [...log, ...added];
  pausesOfLogs.set(longer, pausesAfter(pausesOfLog(log), added));
  return longer;
}

/** at most this many times are kept converted (`isoOf`); then all are forgotten at once */
const KEPT_TIMES = 20_000;
const isoTimes = new Map<string, string>();

/**
 * A time as the database writes it in JSON, written as the API does (`toISOString`). A table's
 * running game is read in full when someone joins it, and a game paused often has hundreds of
 * entries: each distinct time is converted once.
 */
export function isoOf(databaseTime: string): string {
  let iso = isoTimes.get(databaseTime);
  if (iso === undefined) {
    iso = new Date(databaseTime).toISOString();
    if (isoTimes.size >= KEPT_TIMES) isoTimes.clear();
    isoTimes.set(databaseTime, iso);
  }
  return iso;
}

/**
 * A game's pause log as a statement reads it: how many entries it has, the sum of their ids,
 * and `[id, kind, at]` of those after a given id, in order (`pauseLogAfter` in game-view.ts).
 */
export type LogRead = [count: number, idSum: number | string, after: [id: number, kind: string, at: string][]];

/** A game's pause log as this process last read it. */
export interface HeldLog {
  entries: LogEntry[];
  count: number;
  idSum: number;
  lastId: number;
}

/** at most this many games' logs are held per database; then all are forgotten at once */
const HELD_GAMES = 5_000;
const held = new WeakMap<object, Map<number, HeldLog>>();

function heldLogs(db: Executor): Map<number, HeldLog> {
  const key = databaseOf(db);
  let logs = held.get(key);
  if (!logs) {
    logs = new Map();
    held.set(key, logs);
  }
  return logs;
}

/** The game's log as last read here, if any: a read asks only for the entries after it. */
export const heldLog = (db: Executor, gameId: number): HeldLog | undefined => heldLogs(db).get(gameId);

/**
 * The game's whole log from a read of the entries after `before.lastId` (or of all of them):
 * `before`'s entries and the new ones. A game's log only grows, and the game's writers take
 * its table's lock, so the entries held are normally all there are up to `lastId`. The read's
 * count and sum of ids prove it; when they disagree (an entry committed late, a transaction
 * that read its own entries and rolled back), this answers undefined and the caller reads
 * the whole log. An unchanged log is answered as the same list.
 */
export function logAfterRead(
  db: Executor,
  gameId: number,
  before: HeldLog | undefined,
  read: LogRead,
): LogEntry[] | undefined {
  const [count, idSum, after] = read;
  const base = before ?? { entries: [], count: 0, idSum: 0, lastId: 0 };
  const sum = after.reduce((s, [id]) => s + id, base.idSum);
  if (count !== base.count + after.length || Number(idSum) !== sum) return undefined;
  if (before && !after.length) return before.entries;
  const added = after.map(([, kind, at]) => ({ kind, at: isoOf(at) }));
  const entries = inOrder(logWith(base.entries, added), base.entries.length);
  const logs = heldLogs(db);
  if (logs.size >= HELD_GAMES && !logs.has(gameId)) logs.clear();
  const lastId = after.reduce((last, [id]) => Math.max(last, id), base.lastId);
  logs.set(gameId, { entries, count, idSum: sum, lastId });
  return entries;
}

/**
 * The entries by time, as the statement orders them. New ones normally come after those held
 * (`from` is the first new one); an entry written with an earlier time puts them all in order
 * again (a stable sort: entries of the same time keep the order they were read in).
 */
function inOrder(entries: LogEntry[], from: number): LogEntry[] {
  if (from === 0 || from >= entries.length || entries[from - 1]!.at <= entries[from]!.at) return entries;
  return [...entries].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
