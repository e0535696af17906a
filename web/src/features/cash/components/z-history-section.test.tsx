import type { TZReportSummary } from '@club/shared/cash';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, openingHoursAnswer } from '../../../testing/server.ts';
import { CashPointContext } from '../lib/cash-point.tsx';
import { ZHistorySection } from './z-history-section.tsx';

const z = (number: number): TZReportSummary => ({
  number,
  at: '2026-12-01T22:00:00.000Z',
  from_nr: number * 10,
  to_nr: number * 10 + 9,
  grand_total: 10_000,
});

describe('the Z history', () => {
  componentSuite({ texts: ['cash'], quietErrors: false });

  it('shows a page of Z reports at a time, and another cash point from its first page', async () => {
    const asked: string[] = [];
    fakeApi({
      handlers: [
        (url) => {
          if (url.pathname !== '/v1/cash/z-reports') return undefined;
          const point = Number(url.searchParams.get('cash_point_id'));
          const page = Number(url.searchParams.get('page'));
          asked.push(`${point}:${page}`);
          // point 1 has 21 closes, point 2 has one
          const data = point === 2 ? [z(1)] : page === 2 ? [z(1)] : [z(21), z(20)];
          const total = point === 2 ? 1 : 21;
          const last_page = point === 2 ? 1 : 2;
          return { body: { success: true, data, current_page: page, last_page, per_page: 20, total } };
        },
      ],
    });
    function CashPage() {
      const [point, setPoint] = useState(1);
      return (
        <CashPointContext value={point}>
          <button type="button" onClick={() => setPoint(2)}>
            Bar
          </button>
          <ZHistorySection />
        </CashPointContext>
      );
    }
    renderWithProviders(<CashPage />);
    const title = (n: number) => i18n.t('till.z_number', { number: n });

    expect(await screen.findByText(title(21))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('common.page_of', { page: 1, last: 2 }))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('common.next') }));
    expect(await screen.findByText(title(1))).toBeInTheDocument();
    expect(screen.queryByText(title(21))).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Bar' }));
    expect(await screen.findByText(title(1))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: i18n.t('common.next') })).toBeNull();
    expect(asked).toEqual(['1:1', '1:2', '2:1']);
  });

  it("dates each close in the club's time, on a device set to another zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      fakeApi({
        handlers: [
          openingHoursAnswer,
          (url) =>
            url.pathname === '/v1/cash/z-reports'
              ? { body: { success: true, data: [z(3)], current_page: 1, last_page: 1, per_page: 20, total: 1 } }
              : undefined,
        ],
      });
      renderWithProviders(
        <CashPointContext value={1}>
          <ZHistorySection />
        </CashPointContext>,
      );
      // closed 22:00 UTC: 23:00 at the club (Oslo), 17:00 in New York
      await waitFor(() => expect(screen.getByText(/23:00/)).toBeInTheDocument());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
