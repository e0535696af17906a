import { makeTable } from '@club/shared/test-tables';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { SwitchTableDialog } from './switch-table-dialog.tsx';

describe('the switch-table sheet', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['games', 'waitlist']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
  });

  it('offers no table the kiosk would refuse: out of order, or held for a party from the waitlist', async () => {
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    const tables = [
      makeTable(2, { name: 'Bord 2', status: 'playing', players_count: 1 }),
      makeTable(1, { name: 'Bord 1' }),
      makeTable(4, { name: 'Bord 4', players_count: 1, status: 'playing' }),
      makeTable(6, { name: 'Bord 6', out_of_order: true, out_of_order_reason: 'Ny duk' }),
      makeTable(5, {
        name: 'Bord 5',
        held_for: { entry_id: 9, party_size: 2, until: new Date(Date.now() + 300_000).toISOString() },
      }),
    ];
    fakeApi({
      user,
      handlers: [(url) => (url.pathname === '/v1/table/all' ? { body: { success: true, data: tables } } : undefined)],
    });
    renderWithProviders(
      <MemoryRouter>
        <SwitchTableDialog open gameId={12} fromTableId={2} seats={1} onClose={() => undefined} />
      </MemoryRouter>,
    );

    expect(await screen.findByRole('button', { name: /Bord 1/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Bord 4/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Bord 6/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Bord 5/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Bord 2/ })).toBeNull();
  });

  it('keeps the keyboard on the step: the move to confirm, then back at the table picked', async () => {
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    const tables = [
      makeTable(2, { name: 'Bord 2', status: 'playing', players_count: 1 }),
      makeTable(1, { name: 'Bord 1' }),
    ];
    fakeApi({
      user,
      handlers: [(url) => (url.pathname === '/v1/table/all' ? { body: { success: true, data: tables } } : undefined)],
    });
    renderWithProviders(
      <MemoryRouter>
        <SwitchTableDialog open gameId={12} fromTableId={2} seats={1} onClose={() => undefined} />
      </MemoryRouter>,
    );

    fireEvent.click(await screen.findByRole('button', { name: /Bord 1/ }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Flytt til Bord 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Velg et annet bord' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-table-id')).toBe('1'));
  });
});
