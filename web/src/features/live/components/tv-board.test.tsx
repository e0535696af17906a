import { type TFloorTable, toFloorTable } from '@club/shared/realtime';
import { makeTable } from '@club/shared/test-tables';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, openingHoursAnswer } from '../../../testing/server.ts';
import { TvBoard } from './tv-board.tsx';

// the floor room as the gateway would have it: `floor` below
let floor: TFloorTable[] = [];
vi.mock('../lib/live-context.tsx', () => ({
  useLiveRoom: () => ({
    data: { kind: 'floor', tables: floor },
    isPending: false,
    isError: false,
    refetch: () => undefined,
  }),
  useLiveNow: () => Date.now(),
  useLiveStatus: () => 'connected',
  useLive: () => ({ serverNow: () => Date.now() }),
}));
// no worker in the test's document
vi.mock('../lib/table-qr.ts', () => ({ tableQrSvg: async () => '<svg></svg>' }));

describe('the wall TV', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['booking', 'waitlist']);
    fakeApi({
      handlers: [openingHoursAnswer],
    });
  });
  afterEach(cleanUpComponent);

  it('counts as free only the tables one can sit down at: not out of order, not held for the waitlist', () => {
    floor = [
      makeTable(1),
      makeTable(2),
      makeTable(3, { out_of_order: true, out_of_order_reason: 'Ny duk' }),
      makeTable(4, { held_for: { entry_id: 5, party_size: 2, until: new Date(Date.now() + 600_000).toISOString() } }),
      makeTable(5, { status: 'playing', players_count: 2, game_id: 9 }),
      // closed, with nobody at it: not on the board
      makeTable(6, { active: false }),
    ].map((table) => toFloorTable(table, null));
    renderWithProviders(<TvBoard />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('2 av 5 bord ledige');
  });
});
