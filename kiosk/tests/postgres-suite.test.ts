import { describe, expect, it } from 'vitest';
import { freshDatabase, usePostgres } from './harness.ts';

describe('the PostgreSQL suite', () => {
  it('runs in CI (CI sets TEST_DATABASE_URL; without it this suite would silently not run)', () => {
    if (process.env.CI) expect(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL must be set in CI').toBeTruthy();
  });

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
