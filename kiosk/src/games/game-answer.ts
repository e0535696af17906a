import { randomUUID } from 'node:crypto';
import type { TGame } from '@club/shared/tables';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { Interval } from './pause-log.ts';

/** shorter pause lists are written where they stand */
const SHARED_FROM = 4;
// a mark no player's name can hold: this process's own random text; JSON writes its first
// character as the escape \u0001
const MARK_ID = randomUUID();
const MARK = `\u0001pauses-${MARK_ID}:`;
const MARKED = new RegExp(`"\\\\u0001pauses-${MARK_ID}:(\\d+)"`, 'g');

/**
 * An answer with a game as JSON text, with each pause list written once. Every player of a
 * game carries the game's pauses in their billing input, all the same list, and a game paused
 * often has hundreds: writing the list once per player was most of the work of answering.
 * The text is the same as `JSON.stringify` writes.
 */
export function gameAnswerJson(body: { game: TGame | null }): string {
  const lists: Interval[][] = [];
  const numbers = new Map<Interval[], number>();
  const marked = (pauses: Interval[]): Interval[] | string => {
    if (pauses.length < SHARED_FROM) return pauses;
    let n = numbers.get(pauses);
    if (n === undefined) {
      n = lists.push(pauses) - 1;
      numbers.set(pauses, n);
    }
    return MARK + n;
  };
  const { game } = body;
  const text = JSON.stringify({
    ...body,
    game: game && {
      ...game,
      players: game.players.map((p) => ({
        ...p,
        billing: { ...p.billing, segments: p.billing.segments.map((s) => ({ ...s, pauses: marked(s.pauses) })) },
      })),
    },
  });
  if (!lists.length) return text;
  const written = lists.map((list) => JSON.stringify(list));
  return text.replace(MARKED, (_, n: string) => written[Number(n)]!);
}

/** `c.json(body, 200)` for an answer with a game, written by `gameAnswerJson`. */
export function answerGame<T extends { game: TGame | null }>(
  c: Context,
  body: T,
): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  const response: Response = c.body(gameAnswerJson(body), 200, { 'content-type': 'application/json' });
  // the same answer `c.json` gives, typed as its for the route's contract
  return response as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
