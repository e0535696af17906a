import { makeTable } from '@club/shared/test-tables';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { i18n } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { reservationKeys } from '../../../lib/query-keys.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser, openingHoursAnswer } from '../../../testing/server.ts';
import { ReservationsPage } from './reservations-page.tsx';

function renderReservations() {
  const user = makeUser();
  fakeLogin();
  queryClient.setQueryData(profileQueryOptions().queryKey, user);
  const api = fakeApi({
    user,
    handlers: [
      openingHoursAnswer,
      (url) =>
        url.pathname === '/v1/table/all'
          ? {
              body: {
                success: true,
                data: [makeTable(1, { name: 'Bord 1', capacity: 4 }), makeTable(7, { name: 'Snooker', capacity: 2 })],
              },
            }
          : undefined,
      (url) =>
        url.pathname === '/v1/settings/reservations'
          ? { body: { success: true, settings: { grace_minutes: 15, max_active_bookings: 3, max_hours_ahead: 6 } } }
          : undefined,
      (url) =>
        url.pathname === '/v1/reservation/create'
          ? { status: 422, body: { success: false, message: 'error.validation_failed', errors: {} } }
          : undefined,
    ],
  });
  renderWithProviders(
    <MemoryRouter>
      <ReservationsPage />
    </MemoryRouter>,
  );
  return api;
}

describe('the booking form', () => {
  componentSuite({ texts: ['booking'], quietErrors: false });

  it('books any table that fits once the party outgrows the table picked, as the form then shows', async () => {
    const { calls } = renderReservations();
    const table = (await screen.findByLabelText('Bord')) as HTMLSelectElement;
    await waitFor(() => expect(screen.getByRole('option', { name: 'Snooker · 2 plasser' })).toBeTruthy());
    fireEvent.change(table, { target: { value: '7' } });
    expect(table.value).toBe('7');

    fireEvent.change(screen.getByLabelText('Spillere'), { target: { value: '4' } });
    // the snooker table seats two: the form shows any table now
    expect(table.value).toBe('any');
    fireEvent.click(screen.getByRole('button', { name: 'Reserver' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/v1/reservation/create')).toBe(true));
    const booked = calls.find((c) => c.path === '/v1/reservation/create');
    expect(booked?.body).toMatchObject({ table_id: null, party_size: 4 });
  });

  it("leaves out the hint on how long a booking is held while the club's grace period is unread, rather than guessing 15 minutes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    const { handler, recover } = failingRead('/v1/settings/reservations', {
      success: true,
      settings: { grace_minutes: 25, reminder_minutes: 60, max_active_bookings: 3, max_hours_ahead: 6 },
    });
    const { calls } = fakeApi({ user, handlers: [openingHoursAnswer, handler] });
    renderWithProviders(
      <MemoryRouter>
        <ReservationsPage />
      </MemoryRouter>,
    );

    expect(await screen.findByLabelText('Bord')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(reservationKeys.settings())?.status).toBe('error'));
    expect(screen.queryByText(/minutter etter start/)).toBeNull();
    recover();
    await queryClient.refetchQueries({ queryKey: reservationKeys.settings() });
    expect(await screen.findByText(i18n.t('booking.hold_hint', { grace: '25' }))).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/settings/reservations').length).toBe(2);
  });
});

describe('cancelling one of my bookings', () => {
  componentSuite({ texts: ['booking'] });

  it('offers to keep the booking beside cancelling it, not a second "cancel", and keeping it sends nothing', async () => {
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    const start = Date.now() + 24 * 3_600_000;
    const mine = {
      id: 5,
      kind: 'booking',
      status: 'booked',
      table_id: 1,
      table_name: 'Bord 1',
      user_id: user.id,
      name: 'Sander',
      party_size: 2,
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 3_600_000).toISOString(),
      minutes: 60,
      note: '',
      created_at: new Date().toISOString(),
    };
    const { calls } = fakeApi({
      user,
      handlers: [
        openingHoursAnswer,
        (url) => (url.pathname === '/v1/reservation/my' ? { body: { success: true, data: [mine] } } : undefined),
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <ReservationsPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('booking.cancel') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: i18n.t('common.cancel') })).toBeNull();
    expect(within(dialog).getByRole('button', { name: i18n.t('booking.cancel') })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('booking.cancel_keep') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/reservation/cancel')).toBe(false);
  });
});
