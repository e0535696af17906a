import type { TDashboard } from '@club/shared/reports';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { DashboardPage } from './dashboard-page.tsx';

const today = (refunds: number): TDashboard => ({
  date: '2026-12-04',
  revenue: { table_time: 30_000, kiosk: 12_000, subscriptions: 0, discounts: 2_000, total: 40_000, refunds },
  active_games: 0,
  free_tables: 2,
  tables: 2,
  awaiting_approval: [],
  subscriptions_low: [],
});

describe('the dashboard’s money today', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['admin']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
  });

  const show = (refunds: number) => {
    fakeLogin();
    const user = makeUser({ is_admin: true });
    fakeApi({
      user,
      handlers: [
        (url) =>
          url.pathname === '/v1/report/dashboard' ? { body: { success: true, dashboard: today(refunds) } } : undefined,
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
  };

  it('says what was given back today and what the day kept after it', async () => {
    show(5_000);
    expect((await screen.findByTestId('revenue-refunds')).textContent).toMatch(/Refundert i dag.*50,00/);
    expect(screen.getByTestId('revenue-net').textContent).toMatch(/Netto i dag.*350,00/);
  });

  it('leaves both out on a day without refunds', async () => {
    show(0);
    await screen.findByTestId('revenue-discounts');
    expect(screen.queryByTestId('revenue-refunds')).toBeNull();
    expect(screen.queryByTestId('revenue-net')).toBeNull();
  });
});
