/**
 * Error reporting (SPEC §9): session replay for 10 % of sessions and every session with an
 * error. Loaded only when `VITE_SENTRY_DSN` is set, in its own chunk; without it nothing
 * is fetched and nothing is sent.
 */
type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | undefined;

export const REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1.0;

export async function initSentry(dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 0.1,
    replaysSessionSampleRate: REPLAY_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_SAMPLE_RATE,
  });
  sentry = Sentry;
  return true;
}

export function captureException(error: unknown): void {
  sentry?.captureException(error);
}
