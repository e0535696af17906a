import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeOrder, makeUser } from '../../../testing/server.ts';
import { IncomingTransfers } from './incoming-transfers.tsx';

// another player's order, asked over to me
const asked = makeOrder({ id: 9, user_id: 2, user_name: 'Kari Nordmann' });

describe('orders others ask me to take over', () => {
  componentSuite({ texts: ['transfer'] });

  it('says the requests could not be read, with a retry, rather than nothing, which reads as nobody asking', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/order/transfer/incoming', { success: true, data: [asked] });
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [handler],
    });
    renderWithProviders(
      <MemoryRouter>
        <IncomingTransfers />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Vi fikk ikke lest om noen ber deg overta en bestilling.')).toBeTruthy();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Godta K-000009 fra Kari Nordmann' })).toBeTruthy());
    expect(screen.queryByText('Vi fikk ikke lest om noen ber deg overta en bestilling.')).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/order/transfer/incoming').length).toBe(2);
  });

  it('shows nothing when nobody asks', async () => {
    fakeLogin();
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [
        (url) => (url.pathname === '/v1/order/transfer/incoming' ? { body: { success: true, data: [] } } : undefined),
      ],
    });
    const { container } = renderWithProviders(
      <MemoryRouter>
        <IncomingTransfers />
      </MemoryRouter>,
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/order/transfer/incoming')).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(container.textContent).toBe('');
  });
});
