/**
 * When a busy table will be free: from the club's own history of session lengths, grouped by
 * weekday, hour and party size, and conditioned on the time already played (a game that has
 * run 70 minutes is predicted from the sessions that lasted longer than 70). Where a group has
 * too few such sessions, a coarser one answers; with no history at all, a fixed guess does.
 */
import { localWeekdayHour } from '@club/shared/time-zone';

/** One finished session at a table: when it started, how long it lasted, how many played. */
export interface Session {
  startedAt: Date;
  minutes: number;
  partySize: number;
}

export interface FreeTimeModel {
  /** sorted session lengths (minutes) by group key */
  groups: Map<string, number[]>;
  timeZone: string;
}

/** a group answers only when this many of its sessions outlasted the time played */
export const MIN_SAMPLES = 8;
/** the guess without history: a session lasts an hour, and one past that has a quarter left */
export const FALLBACK_MINUTES = 60;
export const FALLBACK_REMAINING_MINUTES = 15;

type LocalParts = { weekday: number; hour: number };

// Every zone's offset is a whole number of quarter hours, so the local weekday and hour stay
// the same within a quarter hour of UTC. `formatToParts` is slow, and every table list asks for
// the same running games' start times again (it was a twelfth of the kiosk's busy time under
// a crowd joining and leaving).
const QUARTER_HOUR_MS = 15 * 60_000;
const PARTS_KEPT = 20_000;
const partsByQuarter = new Map<string, LocalParts>();
function localParts(at: Date, timeZone: string): LocalParts {
  const key = `${timeZone} ${Math.floor(at.getTime() / QUARTER_HOUR_MS)}`;
  let parts = partsByQuarter.get(key);
  if (!parts) {
    // a half year of history (17,280 quarter hours) fits; past that, start again
    if (partsByQuarter.size >= PARTS_KEPT) partsByQuarter.clear();
    parts = localWeekdayHour(at.getTime(), timeZone);
    partsByQuarter.set(key, parts);
  }
  return parts;
}

/** The groups a session belongs to, most specific first. */
function groupKeys(startedAt: Date, partySize: number, timeZone: string): string[] {
  const { weekday, hour } = localParts(startedAt, timeZone);
  const party = Math.min(partySize, 4);
  const weekend = weekday === 0 || weekday === 5 || weekday === 6;
  const evening = hour >= 17;
  return [
    `d${weekday}h${hour}p${party}`,
    `d${weekday}e${evening}p${party}`,
    `w${weekend}e${evening}p${party}`,
    `p${party}`,
    'all',
  ];
}

export function buildModel(sessions: Session[], timeZone: string): FreeTimeModel {
  const groups = new Map<string, number[]>();
  for (const s of sessions) {
    if (!(s.minutes > 0)) continue;
    for (const key of groupKeys(s.startedAt, s.partySize, timeZone)) {
      const list = groups.get(key);
      if (list) list.push(s.minutes);
      else groups.set(key, [s.minutes]);
    }
  }
  for (const list of groups.values()) list.sort((a, b) => a - b);
  return { groups, timeZone };
}

/** The first index in a sorted list whose value is above `x`. */
function firstAbove(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The median length of the sessions in the group that outlasted `played` minutes, or null when too few did. */
function conditionalMedian(sorted: number[] | undefined, played: number): number | null {
  if (!sorted) return null;
  const from = firstAbove(sorted, played);
  const n = sorted.length - from;
  if (n < MIN_SAMPLES) return null;
  const mid = from + (n >> 1);
  return n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** How long (minutes) a session that started then with that party is expected to last in all, having run `played`. */
export function expectedMinutes(
  model: FreeTimeModel,
  session: { startedAt: Date; partySize: number },
  played: number,
): number {
  for (const key of groupKeys(session.startedAt, Math.max(1, session.partySize), model.timeZone)) {
    const median = conditionalMedian(model.groups.get(key), played);
    if (median !== null) return median;
  }
  return played < FALLBACK_MINUTES ? FALLBACK_MINUTES : played + FALLBACK_REMAINING_MINUTES;
}

/** When a running game is expected to end: never before `now` plus a minute. */
export function predictFreeAt(model: FreeTimeModel, game: { startedAt: Date; partySize: number }, now: Date): Date {
  const played = Math.max(0, (now.getTime() - game.startedAt.getTime()) / 60_000);
  const total = expectedMinutes(model, game, played);
  const at = game.startedAt.getTime() + total * 60_000;
  return new Date(Math.max(at, now.getTime() + 60_000));
}
