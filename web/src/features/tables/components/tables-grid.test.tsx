import { DEFAULT_OPENING_HOURS } from '@club/shared/opening-hours';
import { makeTable } from '@club/shared/test-tables';
import { wallClock } from '@club/shared/time-zone';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { fakeApi } from '../../../testing/server.ts';
import { TablesGrid } from './tables-grid.tsx';

const CLUB_ZONE = 'Asia/Tokyo';
const HOUR = 3_600_000;

const clock = (at: number) => {
  const { hour, minute } = wallClock(at, CLUB_ZONE);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

describe('the tables on the home page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['booking', 'waitlist']);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('say when a table is reserved and about when one is free in the club’s time, not the phone’s', async () => {
    // on the hour, so that the two zones' clocks differ in their hours (the test runs in UTC)
    const reservedAt = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
    const freeAt = reservedAt - 30 * 60_000;
    const tables = [
      makeTable(1, { reserved_from: new Date(reservedAt).toISOString() }),
      makeTable(2, {
        status: 'playing',
        players_count: 2,
        predicted_free_at: new Date(freeAt).toISOString(),
      }),
    ];
    fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/table/all' ? { body: { success: true, data: tables } } : undefined),
        (url) =>
          url.pathname === '/v1/settings/opening-hours'
            ? {
                body: {
                  success: true,
                  settings: { hours: DEFAULT_OPENING_HOURS, time_zone: CLUB_ZONE, open_now: true, today: null },
                },
              }
            : undefined,
      ],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <TablesGrid />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(new RegExp(`${clock(reservedAt)}$`))).toHaveClass('reservation-badge');
    expect(await screen.findByText(new RegExp(clock(freeAt)))).toHaveClass('free-about');
  });
});
