/**
 * The one clock all server code reads the time from. In production it is the system
 * clock. Tests start the server with `TEST_CLOCK=1`, which makes it controllable so that
 * hours of play pass in seconds (and, when frozen, no time passes unless moved); it can
 * never be moved otherwise.
 */
let offsetMs = 0;
let frozenAtMs: number | null = null;
let controllable = false;

export const clock = {
  now(): Date {
    return new Date(clock.nowMs());
  },
  nowMs(): number {
    return frozenAtMs ?? Date.now() + offsetMs;
  },
};

export function enableControllableClock(): void {
  controllable = true;
}

export function isClockControllable(): boolean {
  return controllable;
}

function assertControllable() {
  if (!controllable) throw new Error('the clock is not controllable outside tests');
}

/** Moves the clock forward (or back) by `ms`. Refused unless enabled for tests. */
export function advanceClock(ms: number): Date {
  assertControllable();
  if (frozenAtMs !== null) frozenAtMs += ms;
  else offsetMs += ms;
  return clock.now();
}

/** Stops (or restarts) the flow of time, so tests can check totals to the øre. */
export function freezeClock(frozen: boolean): Date {
  assertControllable();
  if (frozen && frozenAtMs === null) frozenAtMs = Date.now() + offsetMs;
  if (!frozen && frozenAtMs !== null) {
    offsetMs = frozenAtMs - Date.now();
    frozenAtMs = null;
  }
  return clock.now();
}

/** Clients: the difference between the server's time and ours, from a `server_time`. */
export function skewFrom(serverTime: string, localNowMs: number = Date.now()): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - localNowMs;
}
