import { useEffect, useReducer } from 'react';

const MINUTE = 60_000;

/**
 * The expected wait now: the server's figure when it was read (`readAt`), less the minutes
 * since. Between reads it counts down on the clock; a table that frees or fills sooner makes
 * the line read again (`waitlist:updated`, or a table's new expected end).
 */
export function waitLeft(minutes: number | null, readAt: number, now: number): number | null {
  if (minutes === null) return null;
  return Math.max(0, minutes - Math.floor(Math.max(0, now - readAt) / MINUTE));
}

/** `waitLeft` as it stands now, shown again every minute. */
export function useWaitLeft(minutes: number | null, readAt: number): number | null {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, MINUTE);
    return () => clearInterval(timer);
  }, []);
  return waitLeft(minutes, readAt, Date.now());
}
