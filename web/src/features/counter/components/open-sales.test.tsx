import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, makeOrder } from '../../../testing/server.ts';
import { OpenSales } from './open-sales.tsx';

const sale = makeOrder({ counter: true });

describe('cancelling an open sale at the counter', () => {
  componentSuite({ texts: ['counter'] });

  it('offers to keep the sale beside cancelling it, not a second "cancel", and keeping it sends nothing', async () => {
    const { calls } = fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/cash/counter/open' ? { body: { success: true, data: [sale] } } : undefined),
      ],
    });
    renderWithProviders(<OpenSales onPay={() => undefined} />);
    fireEvent.click(
      await screen.findByRole('button', { name: i18n.t('counter.sell.open_cancel_named', { reference: 'K-000042' }) }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: i18n.t('counter.sell.open_cancel_confirm', { reference: 'K-000042' }),
    });
    expect(within(dialog).queryByRole('button', { name: i18n.t('common.cancel') })).toBeNull();
    expect(within(dialog).getByRole('button', { name: i18n.t('counter.sell.open_cancel') })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: i18n.t('counter.sell.open_keep') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/cash/counter/cancel')).toBe(false);
  });
});
