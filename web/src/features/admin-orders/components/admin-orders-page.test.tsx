import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../../components/toasts.tsx';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, makeOrder } from '../../../testing/server.ts';
import { AdminOrdersPage } from './admin-orders-page.tsx';

// card at the kiosk: what the counter's queue holds
const waiting = (id: number) => makeOrder({ id, method: 'physical' });

describe('the counter’s queue of card payments', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['pay']);
  });
  afterEach(cleanUpComponent);

  it('approves once of a double tap and says so, and the next can be approved meanwhile', async () => {
    const approved = new Set<number>();
    const { calls } = fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/order/all'
            ? {
                body: {
                  success: true,
                  data: url.searchParams.get('status') === 'waiting' ? [waiting(41), waiting(42)] : [],
                  current_page: 1,
                  last_page: 1,
                  per_page: 20,
                  total: 2,
                },
              }
            : undefined,
        (url, init) => {
          if (url.pathname !== '/v1/order/approve') return undefined;
          const { id } = JSON.parse(String(init?.body)) as { id: number };
          // the second approval of one order finds it completed
          if (approved.has(id)) return { status: 409, body: { success: false, message: 'error.order_completed' } };
          approved.add(id);
          return { body: { success: true, order: { ...waiting(id), status: 'paid' } } };
        },
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <AdminOrdersPage />
        <Toasts />
      </MemoryRouter>,
    );
    const first = await screen.findByRole('button', {
      name: i18n.t('pay.admin.approve_named', { reference: 'K-000041' }),
    });
    const second = screen.getByRole('button', { name: i18n.t('pay.admin.approve_named', { reference: 'K-000042' }) });
    fireEvent.click(first);
    fireEvent.click(first);
    fireEvent.click(second);
    expect(await screen.findByText(i18n.t('pay.admin.approved', { reference: 'K-000041' }))).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/order/approve')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/v1/order/approve').map((c) => c.body)).toEqual([{ id: 41 }, { id: 42 }]);
    expect(screen.queryByText(i18n.t('error.order_completed'))).toBeNull();
  });
});
