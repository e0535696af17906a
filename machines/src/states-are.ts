import type { AnyStateMachine, SnapshotFrom } from 'xstate';

/**
 * `true` when a machine's states are exactly the statuses of its list in @club/shared, which
 * the schema and the web derive theirs from: a machine that gains or loses a state without
 * the list fails `npm run typecheck` where it is declared (`statesAre<…>(true)`).
 */
export type StatesAre<Machine extends AnyStateMachine, Status extends string> = [
  SnapshotFrom<Machine>['value'],
] extends [Status]
  ? [Status] extends [SnapshotFrom<Machine>['value']]
    ? true
    : false
  : false;

/** Checks `StatesAre` at compile time (it does nothing when run). */
export const statesAre = <Check extends true>(check: Check): Check => check;
