/**
 * The one clock all server code reads the time from. In production it is the system
 * clock. Tests start the server with `TEST_CLOCK=1`, which makes it controllable so that
 * hours of play pass in seconds; it can never be moved otherwise.
 */
let offsetMs = 0;
let controllable = false;

export const clock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  nowMs(): number {
    return Date.now() + offsetMs;
  },
};

export function enableControllableClock(): void {
  controllable = true;
}

export function isClockControllable(): boolean {
  return controllable;
}

/** Moves the clock forward (or back) by `ms`. Refused unless enabled for tests. */
export function advanceClock(ms: number): Date {
  if (!controllable) throw new Error('the clock is not controllable outside tests');
  offsetMs += ms;
  return clock.now();
}

/** Clients: the difference between the server's time and ours, from a `server_time`. */
export function skewFrom(serverTime: string, localNowMs: number = Date.now()): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - localNowMs;
}
