import { defineProject } from 'vitest/config';

// The in-process drills (SMTP, Vipps) run on real PostgreSQL, like the kiosk's second suite
// (TEST_DATABASE_URL, or the embedded server of the global setup); the PostgreSQL restart
// drill starts a server of its own, which it stops and starts.
export default defineProject({
  test: {
    name: 'drills',
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 150_000,
    globalSetup: ['../support/postgres-global-setup.ts'],
    env: { KIOSK_TEST_DB: 'postgres' },
  },
});
