import { defineProject } from 'vitest/config';

// The cluster test runs the kiosk on real PostgreSQL (TEST_DATABASE_URL); without it, it skips.
export default defineProject({
  test: {
    name: 'cluster',
    include: ['cluster/**/*.test.ts', 'security/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: process.env.TEST_DATABASE_URL ? { KIOSK_TEST_DB: 'postgres' } : {},
  },
});
