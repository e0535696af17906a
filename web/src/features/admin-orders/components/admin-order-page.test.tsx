import { formatMoney } from '@club/shared/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, makeOrderDetail } from '../../../testing/server.ts';
import { AdminOrderPage } from './admin-order-page.tsx';

const order = makeOrderDetail();

describe('an open order on the staff’s order page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['pay', 'cash']);
  });
  afterEach(cleanUpComponent);

  it('takes money at the till, where the drawer counts it; paying as admin does not say cash', async () => {
    fakeApi({
      handlers: [(url) => (url.pathname === '/v1/order/42' ? { body: { success: true, order } } : undefined)],
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/orders/42']}>
        <Routes>
          <Route path="/admin/orders/:id" element={<AdminOrderPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const till = await screen.findByRole('link', { name: i18n.t('pay.admin.take_at_counter') });
    expect(till.getAttribute('href')).toBe('/admin/counter?pay=42');
    const asAdmin = screen.getByRole('button', { name: i18n.t('pay.admin.pay_as_admin') });
    expect(asAdmin.textContent).not.toMatch(/kontant/i);
  });
});

describe('deleting an order on its page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['pay', 'cash']);
  });
  afterEach(cleanUpComponent);

  it('deletes once of a double tap, and goes back to the orders', async () => {
    const { calls } = fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/order/42' ? { body: { success: true, order } } : undefined),
        (url) =>
          url.pathname === '/v1/order/delete/42'
            ? { body: { success: true, order: { ...order, status: 'deleted' } } }
            : undefined,
      ],
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/orders/42']}>
        <Routes>
          <Route path="/admin/orders/:id" element={<AdminOrderPage />} />
          <Route path="/admin/orders" element={<p>the orders</p>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('pay.admin.delete') }));
    const confirm = await screen.findByRole('button', { name: i18n.t('common.delete') });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('the orders')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/order/delete/42')).toHaveLength(1);
  });
});

describe('settling an order on its page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['pay', 'cash']);
  });
  afterEach(cleanUpComponent);

  const show = () => {
    const api = fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/order/42' ? { body: { success: true, order } } : undefined),
        (url) =>
          url.pathname === '/v1/payment/system' || url.pathname === '/v1/order/approve'
            ? { body: { success: true, order: { ...order, status: 'paid' } } }
            : undefined,
      ],
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/orders/42']}>
        <Routes>
          <Route path="/admin/orders/:id" element={<AdminOrderPage />} />
        </Routes>
      </MemoryRouter>,
    );
    return api;
  };
  // the text matcher reads the amount's no-break space as a plain one
  const amount = formatMoney(order.total, 'nb').replace(/\s/g, ' ');

  it('pays as admin only once asked, naming the order and its amount', async () => {
    const { calls } = show();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('pay.admin.pay_as_admin') }));
    const dialog = await screen.findByRole('dialog', {
      name: i18n.t('pay.admin.pay_as_admin_title', { reference: 'K-000042' }),
    });
    expect(dialog).toHaveTextContent(amount);
    expect(calls.some((c) => c.path === '/v1/payment/system')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('pay.admin.pay_as_admin_confirm') }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/payment/system')).toHaveLength(1));
  });

  it('approves a card payment only once asked, and not when the dialog is left', async () => {
    const { calls } = show();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('pay.admin.approve_card') }));
    const dialog = await screen.findByRole('dialog', {
      name: i18n.t('pay.admin.approve_title', { reference: 'K-000042' }),
    });
    expect(dialog).toHaveTextContent(amount);
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.cancel') }));
    expect(calls.some((c) => c.path === '/v1/order/approve')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('pay.admin.approve_card') }));
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('pay.admin.approve') }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/order/approve')).toHaveLength(1));
  });
});
