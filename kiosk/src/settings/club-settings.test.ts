import { ZClubDetailsKept } from '@club/shared/cash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

describe('the club’s details', () => {
  it('load for a new club, whose address is not filled in yet, and saving asks for it', async () => {
    const fresh = await k.get('/v1/settings/club', admin);
    expect(fresh.status).toBe(200);
    // the screen checks the answer with this schema: it has to hold the defaults
    expect(ZClubDetailsKept.safeParse(fresh.body.settings).success).toBe(true);
    expect(fresh.body.settings).toMatchObject({ address: '' });

    const withoutAddress = await k.post('/v1/settings/club', fresh.body.settings, admin);
    expect([withoutAddress.status, withoutAddress.body.errors]).toEqual([422, { address: 'validation.required' }]);
    const saved = await k.post(
      '/v1/settings/club',
      { ...(fresh.body.settings as Record<string, unknown>), address: 'Storgata 1, 0155 Oslo' },
      admin,
    );
    expect(saved.body.settings).toMatchObject({ address: 'Storgata 1, 0155 Oslo' });
  });
});
