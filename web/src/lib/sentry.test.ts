import { afterEach, describe, expect, it, vi } from 'vitest';

const init = vi.fn();
const replayIntegration = vi.fn(() => ({ name: 'Replay' }));
const browserTracingIntegration = vi.fn(() => ({ name: 'BrowserTracing' }));
const captureException = vi.fn();
vi.mock('@sentry/react', () => ({ init, replayIntegration, browserTracingIntegration, captureException }));

describe('sentry (SPEC §9)', () => {
  afterEach(() => {
    vi.resetModules();
    vi.clearAllMocks();
  });

  it('stays off without VITE_SENTRY_DSN: nothing loaded, nothing sent', async () => {
    const sentry = await import('./sentry.ts');
    await expect(sentry.initSentry(undefined)).resolves.toBe(false);
    sentry.captureException(new Error('x'));
    expect(init).not.toHaveBeenCalled();
    expect(captureException).not.toHaveBeenCalled();
  });

  it('replays 10 % of sessions and every session with an error when a DSN is set', async () => {
    const sentry = await import('./sentry.ts');
    await expect(sentry.initSentry('https://key@o0.ingest.example/1')).resolves.toBe(true);
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@o0.ingest.example/1',
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1.0,
      }),
    );
    expect(replayIntegration).toHaveBeenCalled();
    const error = new Error('boom');
    sentry.captureException(error);
    expect(captureException).toHaveBeenCalledWith(error);
  });
});
