import { defineProject } from 'vitest/config';

// The cluster and log tests run the kiosk on real PostgreSQL: TEST_DATABASE_URL, or an
// embedded server the global setup starts for the run.
export default defineProject({
  test: {
    name: 'cluster',
    include: ['cluster/**/*.test.ts', 'security/**/*.test.ts', 'support/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['./support/postgres-global-setup.ts'],
    env: { KIOSK_TEST_DB: 'postgres' },
  },
});
