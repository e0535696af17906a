import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'kiosk',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
