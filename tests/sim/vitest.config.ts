import { defineProject } from 'vitest/config';

// The club evening and its kill -9 drill: real child processes, restarted under load (a
// restart takes 4 s on a quiet machine, 25 s on a busy one), so generous time limits.
export default defineProject({
  test: {
    name: 'sim',
    include: ['**/*.test.ts'],
    testTimeout: 420_000,
    hookTimeout: 120_000,
    // the evening and the drill each start their own server; one at a time on a 2-core machine
    fileParallelism: false,
  },
});
