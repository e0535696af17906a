import type { ErrorReports } from '@club/shared/error-reports';
import { AppError, type ErrorKey } from '@club/shared/errors';
import type { Logger } from './socket-server.ts';

/** What the gateway was doing when something failed: a room, a request path, a background round. */
export type FailureContext = Record<string, string | number | undefined>;

/**
 * The gateway's one place where anything thrown becomes a catalogue key, for a socket's
 * acknowledgement, a refused handshake or an HTTP answer. A catalogue error (the kiosk not
 * answering is `error.service_unavailable`) is logged and answered; anything else is a fault:
 * logged with its stack, reported (Sentry, when SENTRY_DSN is set) and answered `error.internal`.
 */
export function createFailures(logger: Logger, reports: ErrorReports) {
  return function failure(error: unknown, context: FailureContext): ErrorKey {
    if (error instanceof AppError) {
      logger.warn({ ...context, err: String(error.cause ?? error.message) }, error.key);
      return error.key;
    }
    logger.error({ ...context, err: error }, 'unexpected error');
    reports.report(error, context);
    return 'error.internal';
  };
}

export type Failures = ReturnType<typeof createFailures>;
