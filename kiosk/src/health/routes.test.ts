import { describe, expect, it } from 'vitest';
import { startTestKiosk } from '../../tests/harness.ts';

describe('health and readiness', () => {
  it('says whether the database answers, and stays up without it', async () => {
    const k = await startTestKiosk();
    try {
      expect(await k.get('/v1/health')).toMatchObject({ status: 200, body: { success: true, database: 'up' } });
      expect((await k.get('/v1/ready')).status).toBe(200);
      await k.kiosk.database.close();
      expect(await k.get('/v1/health')).toMatchObject({ status: 200, body: { success: true, database: 'down' } });
      expect(await k.get('/v1/ready')).toMatchObject({
        status: 503,
        body: { success: false, message: 'error.service_unavailable' },
      });
    } finally {
      await k.close().catch(() => {});
    }
  });
});
