import type { TReservation } from '@club/shared/reservations';
import { makeTable } from '@club/shared/test-tables';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, openingHoursAnswer } from '../../../testing/server.ts';
import { AdminReservationsPage } from './admin-reservations-page.tsx';

const HOUR = 3_600_000;
// the day's list holds it whichever day the page opens on
const start = Date.parse('2026-12-02T18:00:00Z');

const booking: TReservation = {
  id: 7,
  kind: 'booking',
  status: 'booked',
  table_id: 1,
  table_name: 'Bord 1',
  user_id: 3,
  name: 'Kari',
  party_size: 2,
  starts_at: new Date(start).toISOString(),
  ends_at: new Date(start + HOUR).toISOString(),
  minutes: 60,
  note: '',
  created_at: new Date(start - 24 * HOUR).toISOString(),
};

function showDay(moved = () => false) {
  const api = fakeApi({
    handlers: [
      openingHoursAnswer,
      (url) =>
        url.pathname === '/v1/table/all'
          ? { body: { success: true, data: [makeTable(1, { name: 'Bord 1' }), makeTable(2, { name: 'Bord 2' })] } }
          : undefined,
      (url) =>
        url.pathname === '/v1/reservation/all'
          ? { body: { success: true, data: [moved() ? { ...booking, table_id: 2, table_name: 'Bord 2' } : booking] } }
          : undefined,
      (url) =>
        url.pathname === '/v1/reservation/move'
          ? { body: { success: true, reservation: { ...booking, table_id: 2, table_name: 'Bord 2' } } }
          : undefined,
    ],
  });
  renderWithProviders(
    <MemoryRouter>
      <AdminReservationsPage />
    </MemoryRouter>,
  );
  return api;
}

describe('cancelling a booking on the day’s timeline', () => {
  componentSuite({ texts: ['booking', 'admin'] });

  it('offers to keep the booking beside cancelling it, not a second "cancel"', async () => {
    const { calls } = showDay();
    fireEvent.click(await screen.findByTestId('timeline-reservation-7'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: i18n.t('common.cancel') })).toBeNull();
    expect(within(dialog).getByRole('button', { name: i18n.t('booking.cancel') })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('booking.cancel_keep') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/reservation/cancel')).toBe(false);
  });
});

describe('moving a booking on the day’s timeline', () => {
  componentSuite({ texts: ['booking', 'admin'] });

  it('keeps it where it was put until the server answers, and takes no second move meanwhile', async () => {
    let answered = false;
    const { fetch, calls } = showDay(() => answered);
    // the move's answer held back until the test lets it through
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const kiosk = fetch.getMockImplementation();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = kiosk?.(input, init);
      if (String(input).includes('/v1/reservation/move')) await held;
      return response;
    });
    const item = () => screen.getByTestId('timeline-reservation-7');
    const press = (key: string) => fireEvent.keyDown(item(), { key });
    (await screen.findByTestId('timeline-reservation-7')).focus();
    press('ArrowDown');
    press('Enter');
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/reservation/move')).toHaveLength(1));
    expect(screen.getByTestId('timeline-table-2')).toContainElement(item());

    press('ArrowDown');
    press('Enter');
    expect(screen.getByTestId('timeline-table-2')).toContainElement(item());

    answered = true;
    await act(async () => answer());
    await waitFor(() => expect(item()).not.toHaveClass('is-moving'));
    expect(screen.getByTestId('timeline-table-2')).toContainElement(item());
    expect(calls.filter((c) => c.path === '/v1/reservation/move')).toHaveLength(1);
  });
});
