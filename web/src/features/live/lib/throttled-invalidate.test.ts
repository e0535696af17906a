import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledInvalidate } from './throttled-invalidate.ts';

let reads: number;
let qc: QueryClient;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  reads = 0;
  qc = new QueryClient();
  // a screen that shows the waitlist: invalidating its query reads it again
  const observer = new QueryObserver(qc, {
    queryKey: ['waitlist', 'mine'],
    queryFn: async () => ++reads,
    staleTime: Number.POSITIVE_INFINITY,
  });
  stop = observer.subscribe(() => undefined);
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('throttled invalidation', () => {
  it('reads at once, then once more at the end of the window however many events asked', async () => {
    await settle();
    expect(reads).toBe(1);
    const invalidate = createThrottledInvalidate(qc, 1_000);
    invalidate(['waitlist']);
    await settle();
    expect(reads).toBe(2);
    for (let i = 0; i < 20; i++) invalidate(['waitlist']);
    await vi.advanceTimersByTimeAsync(999);
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(3);
    // a quiet window ends it: the next event reads at once again
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(3);
    invalidate(['waitlist']);
    await settle();
    expect(reads).toBe(4);
  });

  it('keeps each query to its own window', async () => {
    await settle();
    const invalidate = createThrottledInvalidate(qc, 1_000);
    invalidate(['orders']);
    invalidate(['waitlist', 'mine']);
    await settle();
    expect(reads).toBe(2);
  });

  it('reads at the window’s end only data read before the widest time asked for', async () => {
    await settle();
    const invalidate = createThrottledInvalidate(qc, 1_000);
    invalidate(['waitlist']);
    await settle();
    expect(reads).toBe(2);
    // asked for data read before a moment already passed: what is held now is newer
    invalidate(['waitlist'], Date.now() - 5_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(2);
  });
});
