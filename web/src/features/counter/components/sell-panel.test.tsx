import type { TProduct } from '@club/shared/shop';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, makeOrder } from '../../../testing/server.ts';
import { SellPanel } from './sell-panel.tsx';

const cola: TProduct = {
  id: 3,
  name: 'Cola',
  description: '',
  image: null,
  thumbnail: null,
  price: 3_500,
  count: 10,
  position: 1,
  active: true,
  vat_rate: 25,
};

const order = makeOrder({ id: 51, counter: true });

describe('selling over the counter', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['counter']);
  });
  afterEach(cleanUpComponent);

  it('makes one sale of a double tap on checkout, and opens its payment', async () => {
    let made = 0;
    const { calls } = fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/product/all' ? { body: { success: true, data: [cola] } } : undefined),
        (url) => {
          if (url.pathname !== '/v1/cash/counter/order') return undefined;
          made += 1;
          // the second tap's sale would find the stock already held
          return made === 1
            ? { body: { success: true, order } }
            : { status: 409, body: { success: false, message: 'error.out_of_stock' } };
        },
      ],
    });
    const onPay = vi.fn();
    renderWithProviders(<SellPanel onPay={onPay} />);
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('counter.sell.add', { name: 'Cola' }) }));
    const checkout = screen.getByRole('button', { name: i18n.t('counter.sell.checkout') });
    fireEvent.click(checkout);
    fireEvent.click(checkout);
    await waitFor(() => expect(onPay).toHaveBeenCalledWith(51));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/v1/cash/counter/order')).toHaveLength(1);
  });
});
