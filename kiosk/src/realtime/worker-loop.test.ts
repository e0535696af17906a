import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createWorkerLoop } from './worker-loop.ts';

function countingLoop() {
  let rounds = 0;
  const loop = createWorkerLoop({
    name: 'test worker',
    work: async () => {
      rounds++;
      return 0;
    },
    logger: createLogger('silent'),
    active: () => true,
    stopped: () => false,
    nextInMs: () => 60_000,
  });
  return { loop, rounds: () => rounds };
}

describe('worker loop', () => {
  it('runs a kick at once, and the kicks that may wait share one round', async () => {
    const { loop, rounds } = countingLoop();
    loop.kick();
    await sleep(5);
    expect(rounds()).toBe(1);
    for (let i = 0; i < 5; i++) {
      loop.kickWithin(30);
      await sleep(2);
    }
    expect(rounds()).toBe(1);
    await sleep(60);
    expect(rounds()).toBe(2);
    await loop.stop();
  });
});
