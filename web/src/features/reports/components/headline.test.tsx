import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { Headline } from './headline.tsx';

const report = (kind: 'kiosk' | 'tables', totals: Record<string, number>) => ({
  success: true,
  report: { kind, from: '2026-12-01', to: '2026-12-07', time_zone: 'Europe/Oslo', totals, sections: [] },
});

describe("the reports' headline figures", () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['admin']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('says the figures could not be read, with a retry of the failed read, rather than leaving them out', async () => {
    fakeLogin();
    let fail = true;
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) =>
          url.pathname === '/v1/report/kiosk'
            ? { body: report('kiosk', { revenue: 150_000, table_time: 600 }) }
            : undefined,
        (url) =>
          url.pathname === '/v1/report/tables'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: report('tables', { utilisation: 42, games: 17 }) }
            : undefined,
      ],
    });
    const { container } = renderWithProviders(
      <Headline range={{ preset: 'custom', from: '2026-12-01', to: '2026-12-07' }} />,
    );

    expect(await screen.findByText(i18n.t('adminConsole.reports.headline_failed'))).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(container.querySelector('[data-total="games"] dd')?.textContent).toBe('17'));
    expect(screen.queryByText(i18n.t('adminConsole.reports.headline_failed'))).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/report/tables').length).toBe(2);
    expect(calls.filter((c) => c.path === '/v1/report/kiosk').length).toBe(1);
  });
});
