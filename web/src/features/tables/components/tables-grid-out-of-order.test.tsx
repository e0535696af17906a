import { makeTable } from '@club/shared/test-tables';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { fakeApi } from '../../../testing/server.ts';
import { TablesGrid } from './tables-grid.tsx';

describe('a table out of order on the home page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['games', 'booking', 'waitlist']);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('is out of order, with why, and neither free nor with seats to take', async () => {
    const tables = [makeTable(1), makeTable(2, { out_of_order: true, out_of_order_reason: 'Ny duk' })];
    fakeApi({
      handlers: [(url) => (url.pathname === '/v1/table/all' ? { body: { success: true, data: tables } } : undefined)],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <TablesGrid />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
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
