import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format.ts';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, makeOrderDetail } from '../../../testing/server.ts';
import { PayPanel } from './pay-panel.tsx';

// kr 13,50, which cash rounds up to kr 14
const order = makeOrderDetail({ counter: true, subtotal: 1_350, total: 1_350 });

describe('taking cash at the counter', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['counter']);
  });
  afterEach(cleanUpComponent);

  it('asks kr 14 for kr 13,50, offers it as the exact amount and sends what was handed over', async () => {
    const { calls } = fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/order/42' ? { body: { success: true, order } } : undefined),
        (url) =>
          url.pathname === '/v1/payment/cash'
            ? {
                body: {
                  success: true,
                  payment: { order_id: 42, total: 1_350, rounding: 50, due: 1_400, received: 1_400, change: 0 },
                },
              }
            : undefined,
      ],
    });
    renderWithProviders(<PayPanel orderId={42} onDone={() => {}} />);
    const due = await screen.findByText(i18n.t('counter.pay.due_in_cash'), { exact: false });
    expect(due.textContent).toContain(formatMoney(1_400, 'nb'));
    expect(due.textContent).toContain(`+${formatMoney(50, 'nb')}`);

    // kr 13,50 handed over is too little in whole kroner
    const received = screen.getByLabelText(i18n.t('counter.pay.received'), { exact: false });
    fireEvent.input(received, { target: { value: '13,50' } });
    expect(screen.getByText(i18n.t('counter.pay.too_little'))).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: i18n.t('counter.pay.exact') }));
    expect((received as HTMLInputElement).value).toBe('14');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('counter.pay.confirm') }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/v1/payment/cash')?.body).toEqual({ order_id: 42, received: 1_400 }),
    );
  });
});

describe('the receipt at the counter', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['counter']);
  });
  afterEach(cleanUpComponent);

  it('gives focus back to its button when closed', async () => {
    fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/order/42'
            ? { body: { success: true, order: { ...order, status: 'paid' } } }
            : undefined,
      ],
    });
    renderWithProviders(<PayPanel orderId={42} onDone={() => {}} />);
    const show = await screen.findByRole('button', { name: i18n.t('counter.pay.receipt') });
    show.focus();
    fireEvent.click(show);
    const close = await screen.findByRole('button', { name: i18n.t('counter.pay.close') });
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(document.activeElement).toBe(show));
  });
});

describe('an amount the till cannot read', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['counter']);
  });
  afterEach(cleanUpComponent);

  it('is called not a number, beside the disabled payment button', async () => {
    fakeApi({
      handlers: [(url) => (url.pathname === '/v1/order/42' ? { body: { success: true, order } } : undefined)],
    });
    renderWithProviders(<PayPanel orderId={42} onDone={() => {}} />);
    const label = i18n.t('counter.pay.received');
    const received = await screen.findByLabelText(label, { exact: false });
    fireEvent.input(received, { target: { value: '50,-' } });
    expect(screen.getByText(i18n.t('validation.number', { field: label }))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: i18n.t('counter.pay.confirm') })).toBeDisabled();
    fireEvent.input(received, { target: { value: '50' } });
    expect(screen.queryByText(i18n.t('validation.number', { field: label }))).toBeNull();
  });
});

describe('a receipt that did not come', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['counter']);
  });
  afterEach(cleanUpComponent);

  it('can be asked for again from the receipt', async () => {
    let asked = 0;
    fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/order/42'
            ? { body: { success: true, order: { ...order, status: 'paid' } } }
            : undefined,
        (url) => {
          if (url.pathname !== '/v1/receipt/42') return undefined;
          asked += 1;
          return asked === 1 ? { status: 503, body: { success: false, message: 'error.internal' } } : undefined;
        },
      ],
    });
    renderWithProviders(<PayPanel orderId={42} onDone={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('counter.pay.receipt') }));
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('common.retry') }));
    await waitFor(() => expect(asked).toBe(2));
    expect(await screen.findByTitle(i18n.t('counter.pay.receipt_title'))).toBeInTheDocument();
  });
});
