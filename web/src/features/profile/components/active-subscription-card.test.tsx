import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { ActiveSubscriptionCard } from './active-subscription-card.tsx';

describe('the prepaid hours card on the start page', () => {
  componentSuite();

  it('says the hours could not be read, never that there are none to buy more, when the read fails', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/user/my-active-subscription', {
      success: true,
      subscription: {
        id: 1,
        subscription_id: 1,
        name: '10 timer',
        duration: 10,
        remaining_minutes: 570,
        refunded_minutes: 0,
        status: 'active',
      },
    });
    const { calls } = fakeApi({ user: makeUser(), handlers: [handler] });
    renderWithProviders(
      <MemoryRouter>
        <ActiveSubscriptionCard />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Dette kunne ikke lastes inn.')).toBeTruthy();
    expect(screen.queryByText('Ingen aktive klippekort')).toBeNull();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.getByText('10 timer')).toBeTruthy());
    expect(calls.filter((c) => c.path === '/v1/user/my-active-subscription').length).toBe(2);
  });
});
