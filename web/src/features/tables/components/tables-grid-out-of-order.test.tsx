import { makeTable } from '@club/shared/test-tables';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { TablesGrid } from './tables-grid.tsx';

describe('a table out of order on the home page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['games', 'booking', 'waitlist']);
  });
  afterEach(cleanUpComponent);

  it('is out of order, with why, and neither free nor with seats to take', async () => {
    const tables = [makeTable(1), makeTable(2, { out_of_order: true, out_of_order_reason: 'Ny duk' })];
    fakeApi({
      handlers: [(url) => (url.pathname === '/v1/table/all' ? { body: { success: true, data: tables } } : undefined)],
    });
    renderWithProviders(
      <MemoryRouter>
        <TablesGrid />
      </MemoryRouter>,
    );
    const broken = (await screen.findByText('Bord 2')).closest('a') as HTMLElement;
    expect(within(broken).getAllByText('Ute av drift')).toHaveLength(1);
    expect(within(broken).getByText('Ny duk')).toBeTruthy();
    expect(within(broken).queryByText('Ledig')).toBeNull();
    expect(within(broken).queryByText(/ledige plasser/)).toBeNull();
    expect(broken).toHaveClass('table-tile--closed');
    // the table in order beside it is free as before
    const fine = screen.getByText('Bord 1').closest('a') as HTMLElement;
    expect(within(fine).getByText('Ledig')).toBeTruthy();
    expect(within(fine).getByText('4 ledige plasser')).toBeTruthy();
  });
});
