/**
 * A token bucket per socket: `capacity` events at once, refilled at `perSecond`. A socket
 * that keeps hitting the empty bucket (`strikes` refusals in a row) is an abuser.
 */
export interface RateLimitOptions {
  capacity: number;
  perSecond: number;
  strikes: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 20, perSecond: 5, strikes: 40 };

export function tokenBucket(options: RateLimitOptions, now: () => number = Date.now) {
  let tokens = options.capacity;
  let at = now();
  let refusals = 0;
  return {
    /** 'ok', 'limited' (answer error.rate_limited) or 'abuse' (disconnect) */
    take(): 'ok' | 'limited' | 'abuse' {
      const t = now();
      tokens = Math.min(options.capacity, tokens + ((t - at) / 1000) * options.perSecond);
      at = t;
      if (tokens >= 1) {
        tokens -= 1;
        refusals = 0;
        return 'ok';
      }
      refusals++;
      return refusals >= options.strikes ? 'abuse' : 'limited';
    },
  };
}
