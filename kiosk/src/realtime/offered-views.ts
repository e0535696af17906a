import type { TGame } from '@club/shared/tables';
import { requestEvents } from '../outbox/request-events.ts';

/** How long an answer's game view may stand in for the outbox worker's own read of it. */
const FRESH_MS = 5_000;
const MAX_KEPT = 100;

interface Offered {
  /** every event up to this outbox id is in the view */
  after: number;
  view: Promise<TGame>;
  at: number;
}

const offered = new WeakMap<object, Map<number, Offered>>();

/**
 * A write that answers with its game's view reads it right after committing, while the outbox
 * worker describes the same events to the gateway: the worker may take that view instead of
 * reading the game again. It holds every event up to the request's last one, because outbox
 * ids follow commit order (emit's lock) and the view was read after that commit. Call only
 * with a view read after the request's writes have committed.
 */
export function offerView(db: object, gameId: number, view: Promise<TGame>): Promise<TGame> {
  const after = requestEvents()?.lastId;
  if (after === undefined) return view;
  const views = offered.get(db) ?? new Map<number, Offered>();
  offered.set(db, views);
  const now = Date.now();
  // games come and go all evening: what has gone stale is dropped, so this stays small
  if (views.size >= MAX_KEPT) for (const [id, old] of views) if (now - old.at >= FRESH_MS) views.delete(id);
  views.set(gameId, { after, view, at: now });
  return view;
}

/** A fresh view of the game offered after every event about it up to `needed`, if there is one. */
export function offeredView(db: object, gameId: number, needed: number): Promise<TGame> | undefined {
  const view = offered.get(db)?.get(gameId);
  return view && view.after >= needed && Date.now() - view.at < FRESH_MS ? view.view : undefined;
}
