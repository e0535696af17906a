import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'tools', include: ['**/*.test.ts'], exclude: ['import-zones-fixture/**'] },
});
