import type { TWaitlistEntry } from '@club/shared/waitlist';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser, openingHoursAnswer } from '../../../testing/server.ts';
import { WaitlistPanel } from './waitlist-panel.tsx';

const held: TWaitlistEntry = {
  id: 4,
  user_id: null,
  name: 'Kari',
  party_size: 2,
  status: 'offered',
  position: 1,
  created_at: '2026-01-15T18:00:00.000Z',
  predicted_wait_minutes: null,
  offer: { table_id: 3, table_name: 'Bord 3', expires_at: '2026-01-15T18:30:00.000Z' },
};

describe("the staff line's held tables", () => {
  componentSuite({ texts: ['waitlist'] });

  it("says until when a table is held in the club's time, on a device set to another zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      fakeLogin();
      fakeApi({
        user: makeUser({ is_admin: true }),
        handlers: [
          openingHoursAnswer,
          (url) => (url.pathname === '/v1/waitlist/all' ? { body: { success: true, data: [held] } } : undefined),
        ],
      });
      renderWithProviders(<WaitlistPanel />);
      // held until 18:30 UTC: 19:30 at the club (Oslo), 13:30 in New York
      await waitFor(() => expect(screen.getByText(/Tilbudt Bord 3 til 19:30/)).toBeTruthy());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
