import type { TDoorLogEntry } from '@club/shared/devices';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser, openingHoursAnswer } from '../../../testing/server.ts';
import { AccessLogPage } from './access-log-page.tsx';

const entry = (id: number, user_name: string): TDoorLogEntry => ({
  id,
  at: '2026-01-15T18:30:00.000Z',
  user_id: id,
  user_name,
  result: 'opened',
  grant: 'subscription',
});

/** The door log at `address` over a kiosk that holds `total` tries, `pages` by number; gives the pages asked for. */
function openLog(address: string, pages: Record<number, TDoorLogEntry[]>, total: number): number[] {
  fakeLogin();
  const asked: number[] = [];
  fakeApi({
    user: makeUser({ is_admin: true }),
    handlers: [
      openingHoursAnswer,
      (url) => {
        if (url.pathname !== '/v1/door/log') return undefined;
        const page = Number(url.searchParams.get('page'));
        asked.push(page);
        const last_page = Math.max(1, Math.ceil(total / 50));
        return { body: { success: true, data: pages[page] ?? [], current_page: page, last_page, per_page: 50, total } };
      },
    ],
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <AccessLogPage />
    </MemoryRouter>,
  );
  return asked;
}

describe('the door log', () => {
  componentSuite({ texts: ['admin'] });

  it('takes a page past the last (an old link) to the last, not to "no tries at the door"', async () => {
    const asked = openLog('/admin/door-log?page=9', { 2: [entry(1, 'Kari Nordmann')] }, 51);

    expect(await screen.findByText('Kari Nordmann')).toBeTruthy();
    expect(screen.getByText(i18n.t('common.page_of', { page: 2, last: 2 }))).toBeTruthy();
    expect(screen.queryByText(i18n.t('devices.log.empty'))).toBeNull();
    await waitFor(() => expect(asked).toEqual([9, 2]));
  });

  it('says nobody has tried the door yet when the log holds nothing', async () => {
    openLog('/admin/door-log', {}, 0);

    expect(await screen.findByText(i18n.t('devices.log.empty'))).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: i18n.t('common.pages') })).toBeNull();
  });

  it("lists each try in the club's time, as its date filter counts the club's days", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      openLog('/admin/door-log', { 1: [entry(1, 'Kari Nordmann')] }, 1);
      // 18:30 UTC: 19:30 at the club (Oslo), 13:30 in New York
      await waitFor(() => expect(screen.getByTestId('door-log').textContent).toContain('19:30'));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
