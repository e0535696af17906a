import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { MyGameCard } from './my-game-card.tsx';

describe('my game on the start page', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['games']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('says the game could not be read, with a retry, rather than nothing as if no bill ran', async () => {
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    let fail = true;
    fakeApi({
      user,
      handlers: [
        (url) =>
          url.pathname === '/v1/game/active'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: { success: true, game: null } }
            : undefined,
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <MyGameCard />
      </MemoryRouter>,
    );

    const failed = await screen.findByTestId('my-game-failed');
    expect(failed.textContent).toContain('Dette kunne ikke lastes inn.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    // not playing after all: the card goes
    await waitFor(() => expect(screen.queryByTestId('my-game-failed')).toBeNull());
  });
});
