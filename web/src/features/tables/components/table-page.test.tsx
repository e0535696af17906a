import type { TGame, TGameLineup, TTable } from '@club/shared/tables';
import { makeTable } from '@club/shared/test-tables';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser, openingHoursAnswer } from '../../../testing/server.ts';
import { TablePage } from './table-page.tsx';

function renderTablePage(table: TTable, game: TGame | null = null, lineup: TGameLineup | null = null) {
  const user = makeUser();
  fakeLogin();
  // past the profile guard: the profile is in
  queryClient.setQueryData(profileQueryOptions().queryKey, user);
  fakeApi({
    user,
    handlers: [
      (url) =>
        url.pathname === `/v1/table/${table.id}`
          ? { body: { success: true, table: { ...table, game, lineup } } }
          : undefined,
      (url) => (url.pathname === '/v1/game/active' ? { body: { success: true, game: null } } : undefined),
      openingHoursAnswer,
    ],
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[`/table/${table.id}`]}>
      <Routes>
        <Route path="/table/:id" element={<TablePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the table page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['games', 'waitlist']);
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
  });

  it('of a table out of order says so, and why, and offers no game to start', async () => {
    renderTablePage(makeTable(3, { out_of_order: true, out_of_order_reason: 'Ny duk' }));

    expect(await screen.findByText('Bordet er ute av drift')).toBeTruthy();
    expect(screen.getByText('Årsak: Ny duk')).toBeTruthy();
    expect(screen.getByText('Ute av drift. Velg et annet bord.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start et spill' })).toBeNull();
    expect(screen.queryByText('Ledig. Start et spill, så går klokka.')).toBeNull();
    expect(screen.queryByText('Ledig')).toBeNull();
    expect(screen.getByText('Ute av drift', { selector: '.status-pill' })).toBeTruthy();
  });

  it('of a table out of order with no reason given says only that it is', async () => {
    renderTablePage(makeTable(3, { out_of_order: true }));

    expect(await screen.findByText('Bordet er ute av drift')).toBeTruthy();
    expect(screen.getByText(/^Ingen kan spille her/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start et spill' })).toBeNull();
  });

  it('shows someone outside the game who plays there, with no bill', async () => {
    const lineup: TGameLineup = {
      game_id: 12,
      status: 'playing',
      started_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      players: [
        { id: 1, name: 'Ola Nordmann', guest_of: null },
        { id: 2, name: 'Kari', guest_of: 1 },
      ],
    };
    renderTablePage(makeTable(3, { status: 'playing', players_count: 2, game_id: 12 }), null, lineup);

    expect(await screen.findByText('Ola Nordmann')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Gjestene til Ola Nordmann' }).textContent).toContain('Kari');
    expect(screen.getByText('Regningen ser bare spilleren selv og de ansatte.')).toBeTruthy();
    expect(screen.getByText(/^Startet kl\./)).toBeTruthy();
    expect(screen.getByTestId('game-lineup').textContent).not.toMatch(/kr/);
    // a game runs there, though its bills are not theirs to see: they join it, not start one
    expect(screen.getByRole('button', { name: 'Bli med i spillet' })).toBeTruthy();
  });

  it('of a table out of order with a game still running there offers no seat in it', async () => {
    const game: TGame = {
      id: 12,
      table_id: 3,
      status: 'playing',
      started_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      ending_at: null,
      ended_at: null,
      players: [],
      pauses: [],
    };
    renderTablePage(makeTable(3, { out_of_order: true, status: 'playing', players_count: 1, game_id: 12 }), game);

    expect(await screen.findByText('Bordet er ute av drift')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bli med i spillet' })).toBeNull();
  });
});
