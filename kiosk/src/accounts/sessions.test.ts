import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { CACHE_TTL_MS } from '../db/read-cache.ts';
import { sessions } from '../db/schema.ts';
import { findSession, forgetUserSessions } from './sessions.ts';

let k: TestKiosk;
let sessionReads = 0;
beforeAll(async () => {
  k = await startTestKiosk({
    queryLogger: {
      logQuery: (sql) => {
        if (/^select .* from "sessions" inner join "users"/.test(sql)) sessionReads++;
      },
    },
  });
});
afterAll(() => k.close());
afterEach(() => {
  vi.useRealTimers();
});

const db = () => k.kiosk.database.db;
/** what an operator's SQL does: the kiosk is not told */
const revokeUnheard = (userId: number) =>
  db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, userId));

async function lookedUp() {
  const player = await newPlayer(k);
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  expect(await findSession(db(), player.token)).toMatchObject({ userId: player.user.id });
  await revokeUnheard(player.user.id);
  return { player, at: (share: number) => vi.setSystemTime(start + share * CACHE_TTL_MS) };
}

describe('sessions kept in memory', () => {
  it('answer a known session without the database for a moment', async () => {
    const { player, at } = await lookedUp();
    at(0.4);
    expect(await findSession(db(), player.token)).toMatchObject({ userId: player.user.id });
  });

  it('are read again in the background before they age out, and a revoked one is then refused', async () => {
    const { player, at } = await lookedUp();
    at(0.85);
    // this request is not kept waiting for the second read
    expect(await findSession(db(), player.token)).toMatchObject({ userId: player.user.id });
    await vi.waitFor(async () => expect(await findSession(db(), player.token)).toBeUndefined());
  });

  it('are never answered from memory once CACHE_TTL_MS has passed', async () => {
    const { player, at } = await lookedUp();
    at(1);
    expect(await findSession(db(), player.token)).toBeUndefined();
  });

  it('are forgotten at once when the kiosk itself changes a user', async () => {
    const { player } = await lookedUp();
    forgetUserSessions(db(), player.user.id);
    expect(await findSession(db(), player.token)).toBeUndefined();
  });

  it('that a crowd asks for at once are read in one statement', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => newPlayer(k)));
    const before = sessionReads;
    const found = await Promise.all(players.map((p) => findSession(db(), p.token)));
    expect(found.map((f) => f?.userId)).toEqual(players.map((p) => p.user.id));
    expect(sessionReads - before).toBe(1);
  });
});
