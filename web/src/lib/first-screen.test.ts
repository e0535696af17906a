import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each time: "settled" is the tab's, once. */
async function load() {
  vi.resetModules();
  return import('./first-screen.ts');
}

/** A read that answers when told to. */
function pendingRead(queryClient: QueryClient, key: string) {
  let answer: (value: string) => void = () => undefined;
  const read = queryClient.fetchQuery({
    queryKey: [key],
    queryFn: () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
  });
  return { read, answer: (value: string) => answer(value) };
}

describe('firstScreenSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first screen’s reads, also one that starts after the first answer', async () => {
    const { firstScreenSettled } = await load();
    const queryClient = new QueryClient();
    const first = pendingRead(queryClient, 'table');
    let settled = false;
    void firstScreenSettled(queryClient).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);

    first.answer('the table');
    await first.read;
    // the answer's render mounts a part that asks for its own read right away
    const second = pendingRead(queryClient, 'game');
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);

    second.answer('no game');
    await second.read;
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(true);
    // and later screens do not wait
    await expect(firstScreenSettled(queryClient)).resolves.toBeUndefined();
  });

  it('does not wait longer than its limit for a read that hangs', async () => {
    const { firstScreenSettled, FIRST_SCREEN_MAX_WAIT_MS } = await load();
    const queryClient = new QueryClient();
    pendingRead(queryClient, 'slow');
    let settled = false;
    void firstScreenSettled(queryClient).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(true);
  });
});
