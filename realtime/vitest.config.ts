import { defineProject } from 'vitest/config';

// The gateway's own parts are tested beside them; the gateway in front of a real kiosk is tested
// from tests/realtime, which may import the kiosk (the gateway itself may not).
export default defineProject({
  root: '..',
  test: {
    name: 'realtime',
    include: ['realtime/src/**/*.test.ts', 'tests/realtime/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
