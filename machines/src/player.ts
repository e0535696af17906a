import type { TPlayerStatus } from '@club/shared/tables';
import { getNextSnapshot, setup } from 'xstate';
import { remembered } from './remembered.ts';
import { type StatesAre, statesAre } from './states-are.ts';

/** A player's time at a table (DESIGN §7): joined → left | kicked | switched, all final. */
export type PlayerEvent = { type: 'LEAVE' } | { type: 'KICK' } | { type: 'SWITCH' };
export type PlayerStatus = TPlayerStatus;

export const playerMachine = setup({ types: { events: {} as PlayerEvent } }).createMachine({
  id: 'player',
  initial: 'joined',
  states: {
    joined: { on: { LEAVE: 'left', KICK: 'kicked', SWITCH: 'switched' } },
    left: { type: 'final' },
    kicked: { type: 'final' },
    switched: { type: 'final' },
  },
});

export const nextPlayerStatus = remembered((current: PlayerStatus, event: PlayerEvent): PlayerStatus | null => {
  const snapshot = playerMachine.resolveState({ value: current, context: undefined });
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(playerMachine, snapshot, event).value as PlayerStatus;
});

statesAre<StatesAre<typeof playerMachine, TPlayerStatus>>(true);
