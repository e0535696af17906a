import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy (Node 21+). On Node 20 a failing test would crash
// the report instead of printing it, so supply it here, in the process that reports.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

// The kiosk's suite runs a second time on real PostgreSQL: TEST_DATABASE_URL, or an embedded
// server the global setup starts for the run (shared with the other projects that need one).
const postgres = {
  extends: './kiosk/vitest.config.ts',
  root: './kiosk',
  test: {
    name: 'kiosk-postgres',
    env: { KIOSK_TEST_DB: 'postgres' },
    globalSetup: [fileURLToPath(new URL('./tests/support/postgres-global-setup.ts', import.meta.url))],
  },
};

export default defineConfig({
  test: {
    projects: [
      '*/vitest.config.ts',
      'tests/drills/vitest.config.ts',
      'tests/sim/vitest.config.ts',
      'tests/deploy/vitest.config.ts',
      postgres,
    ],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
