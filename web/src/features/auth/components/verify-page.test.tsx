import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { VerifyPage } from './verify-page.tsx';

describe('the page that waits for the e-mail link', () => {
  beforeEach(async () => {
    await setLocale('nb');
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
  });

  it('lets a mistyped address be put right, as nothing else can be reached before the link', async () => {
    const typo = makeUser({ email: 'sander@exmaple.no', is_verified: false, email_verified: false });
    fakeLogin();
    const { calls } = fakeApi({
      user: typo,
      handlers: [
        (url, init) =>
          url.pathname === '/v1/user/update'
            ? { body: { success: true, user: { ...typo, email: JSON.parse(String(init?.body)).email } } }
            : undefined,
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <VerifyPage />
      </MemoryRouter>,
    );

    expect(await screen.findByText(/Vi har sendt en lenke til sander@exmaple\.no/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Feil adresse? Endre den' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-post')));
    fireEvent.input(screen.getByLabelText('E-post'), { target: { value: 'sander@example.no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send lenken hit' }));

    await waitFor(() => expect(screen.getByText(/Vi har sendt en lenke til sander@example\.no/)).toBeTruthy());
    expect(calls.find((c) => c.path === '/v1/user/update')?.body).toMatchObject({
      id: 7,
      email: 'sander@example.no',
      name: 'Sander',
      role: 2,
    });
  });
});
