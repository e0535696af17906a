import { defineProject } from 'vitest/config';

// The in-process drills (SMTP, Vipps) run on real PostgreSQL when CI gives one, like the
// kiosk's second suite; the PostgreSQL restart drill runs a private server of its own.
export default defineProject({
  test: {
    name: 'drills',
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 150_000,
    env: process.env.TEST_DATABASE_URL ? { KIOSK_TEST_DB: 'postgres' } : {},
  },
});
