import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { ActiveSubscriptionCard } from './active-subscription-card.tsx';

describe('the prepaid hours card on the start page', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('says the hours could not be read, never that there are none to buy more, when the read fails', async () => {
    fakeLogin();
    let fail = true;
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [
        (url) =>
          url.pathname === '/v1/user/my-active-subscription'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : {
                  body: {
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
                  },
                }
            : undefined,
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <ActiveSubscriptionCard />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Dette kunne ikke lastes inn.')).toBeTruthy();
    expect(screen.queryByText('Ingen aktive klippekort')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.getByText('10 timer')).toBeTruthy());
    expect(calls.filter((c) => c.path === '/v1/user/my-active-subscription').length).toBe(2);
  });
});
