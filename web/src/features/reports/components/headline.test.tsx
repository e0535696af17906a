import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { Headline } from './headline.tsx';

const report = (kind: 'kiosk' | 'tables', totals: Record<string, number>) => ({
  success: true,
  report: { kind, from: '2026-12-01', to: '2026-12-07', time_zone: 'Europe/Oslo', totals, sections: [] },
});

describe("the reports' headline figures", () => {
  componentSuite({ texts: ['admin'] });

  it('says the figures could not be read, with a retry of the failed read, rather than leaving them out', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/report/tables', report('tables', { utilisation: 42, games: 17 }));
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) =>
          url.pathname === '/v1/report/kiosk'
            ? { body: report('kiosk', { revenue: 150_000, table_time: 600 }) }
            : undefined,
        handler,
      ],
    });
    const { container } = renderWithProviders(
      <Headline range={{ preset: 'custom', from: '2026-12-01', to: '2026-12-07' }} />,
    );

    expect(await screen.findByText(i18n.t('adminConsole.reports.headline_failed'))).toBeTruthy();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(container.querySelector('[data-total="games"] dd')?.textContent).toBe('17'));
    expect(screen.queryByText(i18n.t('adminConsole.reports.headline_failed'))).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/report/tables').length).toBe(2);
    expect(calls.filter((c) => c.path === '/v1/report/kiosk').length).toBe(1);
  });
});
