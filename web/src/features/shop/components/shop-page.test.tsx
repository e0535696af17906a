import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { ShopPage } from './shop-page.tsx';

const cart = (count: number) => ({
  items: [{ id: 1, product_id: 3, subscription_id: null, name: 'Cola', count, unit_price: 3500, total: 3500 * count }],
  total: 3500 * count,
});

describe('the shop', () => {
  componentSuite({ texts: ['store'] });

  it('names no count on the cart link while the cart could not be read, rather than an empty cart', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/cart', { success: true, cart: cart(2) });
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [
        (url) => (url.pathname === '/v1/product/all' ? { body: { success: true, data: [] } } : undefined),
        (url) => (url.pathname === '/v1/subscription/all' ? { body: { success: true, data: [] } } : undefined),
        handler,
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <ShopPage />
      </MemoryRouter>,
    );

    await waitFor(() => expect(calls.some((c) => c.path === '/v1/cart')).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByTestId('cart-link').getAttribute('aria-label')).toBe('Handlekurv');
    recover();
    await queryClient.refetchQueries();
    await waitFor(() => expect(screen.getByTestId('cart-link').getAttribute('aria-label')).toBe('Handlekurv, 2 varer'));
  });
});
