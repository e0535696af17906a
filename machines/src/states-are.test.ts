import { ORDER_STATUSES } from '@club/shared/orders';
import { USER_SUBSCRIPTION_STATUSES } from '@club/shared/shop';
import { GAME_STATUSES, PLAYER_STATUSES } from '@club/shared/tables';
import { describe, expect, it } from 'vitest';
import { gameMachine } from './game.ts';
import { orderMachine } from './order.ts';
import { playerMachine } from './player.ts';
import { type StatesAre, statesAre } from './states-are.ts';
import { subscriptionMachine } from './subscription.ts';

describe('each machine has the states of its list in @club/shared', () => {
  it.each([
    ['game', gameMachine, GAME_STATUSES],
    ['player', playerMachine, PLAYER_STATUSES],
    ['order', orderMachine, ORDER_STATUSES],
    ['subscription', subscriptionMachine, USER_SUBSCRIPTION_STATUSES],
  ] as const)('%s', (_, machine, list) => {
    expect(Object.keys(machine.states).sort()).toEqual([...list].sort());
  });

  it('and the typecheck refuses a list that lacks a state, or has one more', () => {
    // @ts-expect-error the game machine has `ended` too
    statesAre<StatesAre<typeof gameMachine, 'playing' | 'paused'>>(true);
    // @ts-expect-error no player machine state is `gone`
    statesAre<StatesAre<typeof playerMachine, 'joined' | 'left' | 'kicked' | 'switched' | 'gone'>>(true);
    expect(statesAre<StatesAre<typeof gameMachine, 'playing' | 'paused' | 'ended'>>(true)).toBe(true);
  });
});
