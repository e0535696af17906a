import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { componentSuite } from '../testing/component-suite.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../testing/server.ts';
import { UserPicker } from './user-picker.tsx';

function Picker() {
  const [value, setValue] = useState<number | null>(null);
  return <UserPicker value={value} onChange={setValue} label="Mottaker" />;
}

describe('picking a person by name, e-mail or phone', () => {
  componentSuite({ texts: ['admin'] });

  it('says the search did not go through, with a retry, rather than that nobody matches', async () => {
    fakeLogin();
    const kari = makeUser({ id: 2, name: 'Kari', surname: 'Nordmann', email: 'kari@example.no' });
    const { handler, recover } = failingRead('/v1/user/all', {
      success: true,
      data: [kari],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 1,
    });
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [handler],
    });
    renderWithProviders(<Picker />);

    fireEvent.input(screen.getByLabelText('Mottaker'), { target: { value: 'Kari' } });
    expect(await screen.findByText('Søket gikk ikke gjennom.')).toBeTruthy();
    expect(screen.queryByText('Ingen brukere passer til «Kari»')).toBeNull();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByText('kari@example.no')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Søket gikk ikke gjennom.')).toBeNull());
    expect(calls.filter((c) => c.path === '/v1/user/all').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the keyboard in the picker: on the change button after a pick, in the search after a change', async () => {
    fakeLogin();
    const kari = makeUser({ id: 2, name: 'Kari', surname: 'Nordmann', email: 'kari@example.no' });
    const page = { success: true, data: [kari], current_page: 1, last_page: 1, per_page: 20, total: 1 };
    fakeApi({
      user: makeUser(),
      handlers: [
        (url) => (url.pathname === '/v1/user/all' ? { body: page } : undefined),
        (url) => (url.pathname === '/v1/user/2' ? { body: { success: true, user: kari } } : undefined),
      ],
    });
    renderWithProviders(<Picker />);

    fireEvent.input(screen.getByLabelText('Mottaker'), { target: { value: 'Kari' } });
    fireEvent.click(await screen.findByRole('button', { name: /Kari Nordmann/ }));
    const change = await screen.findByRole('button', { name: 'Bytt' });
    await waitFor(() => expect(document.activeElement).toBe(change));
    fireEvent.click(change);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mottaker')));
  });
});
