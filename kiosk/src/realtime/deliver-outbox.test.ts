import type { TKioskEvent } from '@club/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { emit } from '../outbox/emit.ts';
import { createOutboxDelivery } from './deliver-outbox.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('the outbox worker', () => {
  it('sends an event as soon as its transaction commits, never before', async () => {
    const sent: { at: number; events: TKioskEvent[] }[] = [];
    const delivery = createOutboxDelivery({
      db: database.db,
      logger: createLogger('silent'),
      shared: database.kind === 'postgres',
      send: async (events) => {
        sent.push({ at: Date.now(), events });
      },
      // without the kick at emit, it would look only after a minute
      intervalMs: 60_000,
    });
    delivery.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      sent.length = 0;
      let committedAt = 0;
      await database.db.transaction(async (tx) => {
        await emit(tx, { type: 'table.updated', payload: { table_id: 7 } });
        // the worker has been kicked; the change is not committed for a while yet
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(sent).toEqual([]);
        committedAt = Date.now();
      });
      const deadline = Date.now() + 5000;
      while (!sent.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const delivered = sent[0];
      expect(delivered, 'delivered well before the next look').toBeDefined();
      expect(delivered!.at).toBeGreaterThanOrEqual(committedAt);
      expect(delivered!.events.map((e) => e.type)).toEqual(['table.updated']);
    } finally {
      await delivery.stop();
    }
  });
});
