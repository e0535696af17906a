import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type GameEvent, type GameStatus, gameMachine, nextGameState } from './game.ts';
import { nextPlayerStatus, type PlayerStatus } from './player.ts';

const at = (status: GameStatus, players: number, capacity = 4) => ({ status, players, capacity });

describe('game machine: allowed transitions', () => {
  it.each<[string, ReturnType<typeof at>, GameEvent, { status: GameStatus; players: number }]>([
    [
      'a new game seats its first player',
      at('playing', 0),
      { type: 'JOIN', seats: 1 },
      { status: 'playing', players: 1 },
    ],
    ['joins fill seats', at('playing', 2), { type: 'JOIN', seats: 2 }, { status: 'playing', players: 4 }],
    ['a paused game can be joined', at('paused', 1), { type: 'JOIN', seats: 1 }, { status: 'paused', players: 2 }],
    ['playing pauses', at('playing', 1), { type: 'PAUSE' }, { status: 'paused', players: 1 }],
    ['paused unpauses', at('paused', 1), { type: 'UNPAUSE' }, { status: 'playing', players: 1 }],
    ['one of several leaves', at('playing', 3), { type: 'LEAVE', seats: 1 }, { status: 'playing', players: 2 }],
    [
      'leaving a paused game keeps it paused',
      at('paused', 3),
      { type: 'LEAVE', seats: 2 },
      { status: 'paused', players: 1 },
    ],
    ['the last player leaving ends it', at('playing', 2), { type: 'LEAVE', seats: 2 }, { status: 'ended', players: 0 }],
    [
      'the last player leaving a paused game ends it',
      at('paused', 1),
      { type: 'LEAVE', seats: 1 },
      { status: 'ended', players: 0 },
    ],
    ['an admin ends a playing game', at('playing', 2), { type: 'END' }, { status: 'ended', players: 2 }],
    ['an admin ends a paused game', at('paused', 2), { type: 'END' }, { status: 'ended', players: 2 }],
  ])('%s', (_, current, event, expected) => {
    expect(nextGameState(current, event)).toEqual(expected);
  });
});

describe('game machine: refused events', () => {
  it.each<[string, ReturnType<typeof at>, GameEvent]>([
    ['a full table', at('playing', 4), { type: 'JOIN', seats: 1 }],
    ['more seats than are free', at('playing', 3), { type: 'JOIN', seats: 2 }],
    ['zero seats', at('playing', 1), { type: 'JOIN', seats: 0 }],
    ['pausing a paused game', at('paused', 1), { type: 'PAUSE' }],
    ['unpausing a playing game', at('playing', 1), { type: 'UNPAUSE' }],
    ['more leaving than are seated', at('playing', 1), { type: 'LEAVE', seats: 2 }],
    ['joining an ended game', at('ended', 0), { type: 'JOIN', seats: 1 }],
    ['pausing an ended game', at('ended', 0), { type: 'PAUSE' }],
    ['unpausing an ended game', at('ended', 0), { type: 'UNPAUSE' }],
    ['leaving an ended game', at('ended', 0), { type: 'LEAVE', seats: 1 }],
    ['ending an ended game', at('ended', 0), { type: 'END' }],
  ])('%s', (_, current, event) => {
    expect(nextGameState(current, event)).toBeNull();
  });
});

describe('game machine as an actor', () => {
  it('runs a whole game', () => {
    const actor = createActor(gameMachine, { input: { capacity: 2 } }).start();
    actor.send({ type: 'JOIN', seats: 1 });
    actor.send({ type: 'JOIN', seats: 1 });
    actor.send({ type: 'JOIN', seats: 1 }); // refused: full
    expect(actor.getSnapshot().context.players).toBe(2);
    actor.send({ type: 'PAUSE' });
    actor.send({ type: 'LEAVE', seats: 1 });
    expect(actor.getSnapshot().value).toBe('paused');
    actor.send({ type: 'LEAVE', seats: 1 });
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('player machine', () => {
  it.each<[PlayerStatus, 'LEAVE' | 'KICK' | 'SWITCH', PlayerStatus | null]>([
    ['joined', 'LEAVE', 'left'],
    ['joined', 'KICK', 'kicked'],
    ['joined', 'SWITCH', 'switched'],
    ['left', 'LEAVE', null],
    ['left', 'KICK', null],
    ['kicked', 'LEAVE', null],
    ['switched', 'SWITCH', null],
    ['switched', 'LEAVE', null],
  ])('%s + %s → %s', (from, type, to) => {
    expect(nextPlayerStatus(from, { type })).toBe(to);
  });
});
