/**
 * Vitest global setup of every project that runs on PostgreSQL: without TEST_DATABASE_URL
 * one embedded server starts for the whole run (shared by those projects, stopped after the
 * last) and TEST_DATABASE_URL points at it, for the test workers and the processes they start.
 * The tests make a database of their own on it.
 */
import { startTestPostgres, type TestPostgres } from './postgres.ts';

interface Shared {
  users: number;
  server: Promise<TestPostgres>;
}

// each project loads this file on its own; the run's one process holds the server
const KEY = Symbol.for('club.tests.embedded-postgres');
const store = globalThis as typeof globalThis & { [KEY]?: Shared };

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL && !store[KEY]) return undefined;
  store[KEY] ??= { users: 0, server: startTestPostgres() };
  const shared = store[KEY];
  shared.users++;
  process.env.TEST_DATABASE_URL = (await shared.server).url;
  return async () => {
    if (--shared.users > 0) return;
    delete store[KEY];
    delete process.env.TEST_DATABASE_URL;
    await (await shared.server).stop();
  };
}
