import { type TFloorTable, toFloorTable } from '@club/shared/realtime';
import { makeTable } from '@club/shared/test-tables';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser, openingHoursAnswer } from '../../../testing/server.ts';
import { FloorPlan } from './floor-plan.tsx';

// the admin room as the gateway would have it: two free tables
const floor: TFloorTable[] = [makeTable(1), makeTable(2)].map((table) => toFloorTable(table, null));
vi.mock('../lib/live-context.tsx', () => ({
  useLiveRoom: () => ({
    data: { kind: 'admin', tables: floor, games: [] },
    isPending: false,
    isError: false,
    refetch: () => undefined,
  }),
  useLiveNow: () => Date.now(),
  useLiveStatus: () => 'connected',
  useLive: () => ({ serverNow: () => Date.now() }),
}));

function openFloor() {
  fakeLogin();
  fakeApi({ user: makeUser({ is_admin: true }), handlers: [openingHoursAnswer] });
  renderWithProviders(
    <MemoryRouter>
      <FloorPlan />
    </MemoryRouter>,
  );
}

/** A table opened from the keyboard: focus on it, then Enter (a click, to the button). */
async function openTable(id: number) {
  const table = screen.getByTestId(`floor-table-${id}`);
  table.focus();
  fireEvent.click(table);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: `Bord ${id}` })));
  return table;
}

describe("the live floor's table panel, from the keyboard", () => {
  componentSuite({ texts: ['admin'] });

  it('gives focus back to the table that opened it when closed', async () => {
    openFloor();
    const table = await openTable(1);

    fireEvent.click(screen.getByRole('button', { name: 'Lukk' }));
    expect(screen.queryByTestId('table-panel')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(table));
  });

  it('gives focus back to the table that opened it when closed with Escape', async () => {
    openFloor();
    const table = await openTable(2);

    fireEvent.keyDown(screen.getByRole('heading', { name: 'Bord 2' }), { key: 'Escape' });
    expect(screen.queryByTestId('table-panel')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(table));
  });

  it('leaves focus in the panel of another table opened in its place', async () => {
    openFloor();
    await openTable(1);
    await openTable(2);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Bord 2' }));
  });
});
