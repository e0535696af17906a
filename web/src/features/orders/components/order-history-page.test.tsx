import type { TOrder } from '@club/shared/orders';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeOrder, makeUser, openingHoursAnswer } from '../../../testing/server.ts';
import { OrderHistoryPage } from './order-history-page.tsx';

const order = (id: number, fields: Partial<TOrder> = {}): TOrder =>
  makeOrder({ id, status: 'paid', method: 'vipps', ...fields });

describe('the order history', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['pay']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
  });

  /** The history as a logged-in player opens it at `entry`, with `pages(page)` as its answers. */
  const openHistory = (
    pages: (page: number) => TOrder[] | { data: TOrder[]; current_page: number; total: number },
    entry = '/profile/order-history',
  ) => {
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    fakeApi({
      user,
      handlers: [
        openingHoursAnswer,
        (url) => {
          if (url.pathname !== '/v1/order/my') return undefined;
          const page = pages(Number(url.searchParams.get('page') ?? 1));
          const { data, current_page, total } = Array.isArray(page)
            ? { data: page, current_page: 1, total: page.length }
            : page;
          return { body: { success: true, data, current_page, last_page: 1, per_page: 20, total } };
        },
      ],
    });
    renderWithProviders(
      <MemoryRouter initialEntries={[entry]}>
        <OrderHistoryPage />
      </MemoryRouter>,
    );
  };

  it('offers a receipt for what was paid, and none for an order cancelled before it was', async () => {
    openHistory(() => [order(2), order(1, { status: 'canceled', method: null })]);

    expect(await screen.findByRole('link', { name: 'Kvittering for K-000002' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Kvittering for K-000001' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Se bestilling K-000001' }).getAttribute('href')).toBe('/payment/result/1');
  });

  it('past its last page (an old link) shows the last page in its place, never "no orders yet"', async () => {
    openHistory(
      (page) => (page === 1 ? [order(1)] : { data: [], current_page: page, total: 1 }),
      '/profile/order-history?page=3',
    );

    expect(await screen.findByRole('link', { name: 'Kvittering for K-000001' })).toBeTruthy();
    expect(screen.queryByText('Ingen bestillinger ennå')).toBeNull();
  });

  it("dates each order in the club's time, whatever zone the phone is set to", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      openHistory(() => [order(1, { date: '2026-12-04T18:10:00.000Z' })]);
      // bought 18:10 UTC: 19:10 in Oslo, 13:10 in New York
      await waitFor(() => expect(screen.getByText(/19:10/)).toBeTruthy());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
