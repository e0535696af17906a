import type { TTableLight } from '@club/shared/devices';
import type { TFloorTable } from '@club/shared/realtime';
import type { TTable } from '@club/shared/tables';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { fakeApi } from '../../../testing/server.ts';
import { LightControl } from './light-control.tsx';

const table = (over: Partial<TFloorTable> = {}): TFloorTable => ({
  id: 3,
  name: 'Bord 3',
  capacity: 4,
  active: true,
  x: 10,
  y: 10,
  status: 'playing',
  players_count: 2,
  free_seats: 2,
  game_id: 9,
  started_at: '2026-01-01T18:00:00.000Z',
  out_of_order: false,
  reserved_from: null,
  predicted_free_at: null,
  held_for: null,
  light: { mode: 'auto', state: 'on' },
  ...over,
});

function show(t: TFloorTable) {
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LightControl table={t} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** what the kiosk answers to `POST /v1/table/light`: the table, its light as staff set it */
const lightAnswer = (url: URL, init: RequestInit | undefined) => {
  if (url.pathname !== '/v1/table/light') return undefined;
  const { mode } = JSON.parse(String(init?.body)) as { mode: TTableLight['mode'] };
  // the fixture's table as the API shapes it: its price and reason, no live fields
  const { free_seats: _, started_at: __, ...floor } = table();
  const answered: TTable = {
    ...floor,
    price_per_minute: 250,
    out_of_order_reason: null,
    light: { mode, state: mode === 'off' ? 'off' : 'on' },
  };
  return { body: { success: true, table: answered } };
};

const lightCalls = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/v1/table/light');

describe("a table's light on the live floor", () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['admin']);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the state the device reported, in words', () => {
    fakeApi();
    show(table({ light: { mode: 'auto', state: 'offline' } }));
    expect(screen.getByTestId('panel-light-state')).toHaveTextContent('Lyset svarer ikke');
  });

  it('asks before darkening a running game, and sends the confirmation with the override', async () => {
    const api = fakeApi({ handlers: [lightAnswer] });
    show(table());
    fireEvent.click(screen.getByRole('button', { name: 'Av' }));
    expect(await screen.findByRole('dialog', { name: 'Slå av lyset på Bord 3?' })).toBeInTheDocument();
    expect(lightCalls(api.calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Slå av lyset' }));
    await waitFor(() => expect(lightCalls(api.calls)).toHaveLength(1));
    expect(lightCalls(api.calls)[0]?.body).toEqual({ table_id: 3, mode: 'off', confirm: true });
  });

  it('turns off a free table’s light without asking', async () => {
    const api = fakeApi({ handlers: [lightAnswer] });
    show(table({ status: 'free', players_count: 0, free_seats: 4, game_id: null, started_at: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Av' }));
    await waitFor(() => expect(lightCalls(api.calls)).toHaveLength(1));
    expect(lightCalls(api.calls)[0]?.body).toEqual({ table_id: 3, mode: 'off', confirm: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks after all when a game started since the panel was drawn (the server refuses without it)', async () => {
    fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/table/light'
            ? { status: 409, body: { success: false, message: 'error.light_confirm_required' } }
            : undefined,
      ],
    });
    show(table({ status: 'free', players_count: 0, free_seats: 4, game_id: null, started_at: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Av' }));
    expect(await screen.findByRole('dialog', { name: 'Slå av lyset på Bord 3?' })).toBeInTheDocument();
  });
});
