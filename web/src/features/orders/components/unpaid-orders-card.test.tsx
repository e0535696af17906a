import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeOrder, makeUser } from '../../../testing/server.ts';
import { UnpaidOrdersCard } from './unpaid-orders-card.tsx';

const waiting = makeOrder();

describe('the unpaid orders card on the start page', () => {
  componentSuite();

  it('says what is owed could not be read, with a retry, rather than nothing, which reads as nothing owed', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/order/waiting', { success: true, data: [waiting] });
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [handler],
    });
    renderWithProviders(
      <MemoryRouter>
        <UnpaidOrdersCard />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Vi fikk ikke lest hva du skylder.')).toBeTruthy();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.getByText('Du har 1 ubetalt bestilling')).toBeTruthy());
    expect(screen.queryByText('Vi fikk ikke lest hva du skylder.')).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/order/waiting').length).toBe(2);
  });
});
