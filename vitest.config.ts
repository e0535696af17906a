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

// With TEST_DATABASE_URL the kiosk's suite runs a second time, on real PostgreSQL.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './kiosk/vitest.config.ts',
        root: './kiosk',
        test: { name: 'kiosk-postgres', env: { KIOSK_TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      '*/vitest.config.ts',
      'tests/drills/vitest.config.ts',
      'tests/sim/vitest.config.ts',
      'tests/deploy/vitest.config.ts',
      ...postgres,
    ],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
