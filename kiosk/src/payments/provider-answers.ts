import { AppError } from '@club/shared/errors';
import { VippsError } from './vipps/client.ts';

/**
 * How long one ask of the provider may take at most (Stripe's timeout and retries, the
 * Vipps client's timeout): a claim older than this was cut off by a crash, and the sweep
 * may ask again.
 */
export const ASK_LEASE_MS = 2 * 60_000;

/**
 * A refusal the provider stated about the refund itself: then no money left, and the
 * reservation may go. Authentication, rate limits, conflicts (the same key in flight) and
 * every 5xx, timeout or lost connection say nothing about the refund: it may have been made.
 */
export function refusedByProvider(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const status =
    error instanceof VippsError ? error.status : (error as { statusCode?: unknown } | null | undefined)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return false;
  if ((error as { type?: unknown }).type === 'StripeIdempotencyError') return false;
  return ![401, 403, 408, 409, 423, 425, 429].includes(status);
}
