import type { TGameStatus } from '@club/shared/tables';
import { assign, getNextSnapshot, type SnapshotFrom, setup } from 'xstate';
import { remembered } from './remembered.ts';
import { type StatesAre, statesAre } from './states-are.ts';

/**
 * A game at a table (DESIGN §7): playing ⇄ paused → ended. It ends when the last player
 * goes (leaves, is kicked or switches table) or an admin ends it. Seats are counted so a
 * table never takes more players than its capacity. Nothing happens in an ended game.
 */
export type GameEvent =
  | { type: 'JOIN'; seats: number }
  | { type: 'LEAVE'; seats: number }
  | { type: 'PAUSE' }
  | { type: 'UNPAUSE' }
  | { type: 'END' };

export interface GameContext {
  capacity: number;
  players: number;
}

/** The statuses are `GAME_STATUSES` of @club/shared; the machine's states are checked against them (game.test.ts). */
export type GameStatus = TGameStatus;

const seats = (event: GameEvent) => (event.type === 'JOIN' || event.type === 'LEAVE' ? event.seats : 0);

export const gameMachine = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as { capacity: number },
  },
  guards: {
    hasRoom: ({ context, event }) => seats(event) > 0 && context.players + seats(event) <= context.capacity,
    areLastOnes: ({ context, event }) => seats(event) > 0 && seats(event) === context.players,
    areSeated: ({ context, event }) => seats(event) > 0 && seats(event) < context.players,
  },
  actions: {
    seat: assign({ players: ({ context, event }) => context.players + seats(event) }),
    unseat: assign({ players: ({ context, event }) => context.players - seats(event) }),
  },
}).createMachine({
  id: 'game',
  context: ({ input }) => ({ capacity: input.capacity, players: 0 }),
  initial: 'playing',
  states: {
    playing: {
      on: {
        PAUSE: 'paused',
        JOIN: { guard: 'hasRoom', actions: 'seat' },
        LEAVE: [
          { guard: 'areLastOnes', target: 'ended', actions: 'unseat' },
          { guard: 'areSeated', actions: 'unseat' },
        ],
        END: 'ended',
      },
    },
    paused: {
      on: {
        UNPAUSE: 'playing',
        JOIN: { guard: 'hasRoom', actions: 'seat' },
        LEAVE: [
          { guard: 'areLastOnes', target: 'ended', actions: 'unseat' },
          { guard: 'areSeated', actions: 'unseat' },
        ],
        END: 'ended',
      },
    },
    ended: { type: 'final' },
  },
});

export type GameSnapshot = SnapshotFrom<typeof gameMachine>;

/** The machine's state for a stored game: its status, its table's capacity, its seated players. */
export function gameState(status: GameStatus, capacity: number, players: number): GameSnapshot {
  return gameMachine.resolveState({ value: status, context: { capacity, players } });
}

/**
 * What an event does to a stored game: the next status and seat count, or null when the
 * machine refuses it now (the caller answers an error before anything is written).
 */
export function nextGameState(
  current: { status: GameStatus; capacity: number; players: number },
  event: GameEvent,
): Readonly<{ status: GameStatus; players: number }> | null {
  return nextGameStateOf(current.status, current.capacity, current.players, event);
}

const nextGameStateOf = remembered((status: GameStatus, capacity: number, players: number, event: GameEvent) => {
  const snapshot = gameState(status, capacity, players);
  if (!snapshot.can(event)) return null;
  const next = getNextSnapshot(gameMachine, snapshot, event);
  return { status: next.value as GameStatus, players: next.context.players };
});

/** A new game on a free table: playing, nobody seated yet. */
export function newGame(capacity: number) {
  return { status: 'playing' as const, capacity, players: 0 };
}

statesAre<StatesAre<typeof gameMachine, TGameStatus>>(true);
