import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledInvalidate } from './throttled-invalidate.ts';

let reads: number;
let qc: QueryClient;
let stop: () => void;
let invalidate: ReturnType<typeof createThrottledInvalidate>;
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(async () => {
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
  invalidate = createThrottledInvalidate(qc, 1_000);
  // the screen's first read
  await settle();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('throttled invalidation', () => {
  it('reads at once, then once more at the end of the window however many events asked', async () => {
    expect(reads).toBe(1);
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
    invalidate(['orders']);
    invalidate(['waitlist', 'mine']);
    await settle();
    expect(reads).toBe(2);
  });

  it('reads at the window’s end only data read before the widest time asked for', async () => {
    invalidate(['waitlist']);
    await settle();
    expect(reads).toBe(2);
    // asked for data read before a moment already passed: what is held now is newer
    invalidate(['waitlist'], Date.now() - 5_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads).toBe(2);
  });
});
