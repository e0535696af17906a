import { useEffect, useReducer } from 'react';
import { api } from '../../../lib/api.ts';

/**
 * Now on the server's clock (corrected for this phone's skew), re-rendering every
 * `intervalMs` so live bills tick. Each render reads the latest skew, so a refetch that
 * brings a new `server_time` is used at once.
 */
export function useServerNow(intervalMs = 1000): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return api.serverNow();
}
