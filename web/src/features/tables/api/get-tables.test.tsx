import type { TTable } from '@club/shared/tables';
import { makeTable as table } from '@club/shared/test-tables';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineOffer } from '../../../lib/free-to-sit.ts';
import { tableKeys } from '../../../lib/query-keys.ts';
import { fakeApi } from '../../../testing/server.ts';
import { useTableName, useTablesSelect } from './get-tables.ts';

/** The cache as the live events leave it: one table written anew, the others as they were. */
function withTable(list: TTable[], changed: TTable): TTable[] {
  return list.map((t) => (t.id === changed.id ? changed : t));
}

async function setup<T>(hook: () => T) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tables = [table(1), table(2, { capacity: 6 })];
  // the list as the kiosk answers it; the test's changes then come as the live events write them
  const api = fakeApi({
    handlers: [(url) => (url.pathname === '/v1/table/all' ? { body: { success: true, data: tables } } : undefined)],
  });
  queryClient.setQueryData(tableKeys.list(), tables);
  let renders = 0;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const result = renderHook(
    () => {
      renders++;
      return hook();
    },
    { wrapper },
  );
  await waitFor(() => expect(api.fetch).toHaveBeenCalled());
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { queryClient, tables, result, renders: () => renders };
}

describe('a screen that takes part of the tables', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws again when what it takes changes, not at every change of a table', async () => {
    const { queryClient, tables, result, renders } = await setup(() => useTablesSelect(lineOffer).data);
    expect(result.result.current).toEqual({ allBusy: false, largest: 6 });
    const before = renders();

    // a game starts at table 2: table 1 is still free, the largest table still has six seats
    act(() =>
      queryClient.setQueryData(
        tableKeys.list(),
        withTable(tables, table(2, { capacity: 6, status: 'playing', players_count: 2 })),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renders()).toBe(before);

    // and at table 1: now none is free to sit at
    const both = withTable(
      withTable(tables, table(2, { capacity: 6, status: 'playing' })),
      table(1, { status: 'playing' }),
    );
    act(() => queryClient.setQueryData(tableKeys.list(), both));
    await waitFor(() => expect(result.result.current).toEqual({ allBusy: true, largest: 6 }));
    expect(renders()).toBe(before + 1);
  });

  it("follows a table's name, and nothing else of it", async () => {
    const { queryClient, tables, result, renders } = await setup(() => useTableName(2));
    expect(result.result.current).toBe('Bord 2');
    const before = renders();
    act(() =>
      queryClient.setQueryData(tableKeys.list(), withTable(tables, table(2, { capacity: 6, players_count: 3 }))),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renders()).toBe(before);
    act(() =>
      queryClient.setQueryData(tableKeys.list(), withTable(tables, table(2, { capacity: 6, name: 'Snooker' }))),
    );
    await waitFor(() => expect(result.result.current).toBe('Snooker'));
  });
});
