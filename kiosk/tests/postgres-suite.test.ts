import { describe, expect, it } from 'vitest';
import { freshDatabase, usePostgres } from './harness.ts';

// CI checks that this test passed: the kiosk's suite really ran a second time, on PostgreSQL
describe('the PostgreSQL suite', () => {
  it.runIf(usePostgres)('really talks to PostgreSQL, with the same migrations', async () => {
    const database = await freshDatabase();
    try {
      expect(database.kind).toBe('postgres');
      const result = await database.db.execute('select version() as v');
      expect(JSON.stringify(result)).toContain('PostgreSQL');
    } finally {
      await database.close();
    }
  });
});
