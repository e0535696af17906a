import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTextGroups, setLocale } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { endLogin } from '../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../testing/server.ts';
import { UserPicker } from './user-picker.tsx';

function Picker() {
  const [value, setValue] = useState<number | null>(null);
  return <UserPicker value={value} onChange={setValue} label="Mottaker" />;
}

describe('picking a person by name, e-mail or phone', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['admin']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('says the search did not go through, with a retry, rather than that nobody matches', async () => {
    fakeLogin();
    let fail = true;
    const kari = makeUser({ id: 2, name: 'Kari', surname: 'Nordmann', email: 'kari@example.no' });
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [
        (url) =>
          url.pathname === '/v1/user/all'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: { success: true, data: [kari], current_page: 1, last_page: 1, per_page: 20, total: 1 } }
            : undefined,
      ],
    });
    renderWithProviders(<Picker />);

    fireEvent.input(screen.getByLabelText('Mottaker'), { target: { value: 'Kari' } });
    expect(await screen.findByText('Søket gikk ikke gjennom.')).toBeTruthy();
    expect(screen.queryByText('Ingen brukere passer til «Kari»')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByText('kari@example.no')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Søket gikk ikke gjennom.')).toBeNull());
    expect(calls.filter((c) => c.path === '/v1/user/all').length).toBeGreaterThanOrEqual(2);
  });
});
