import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { ShopPage } from './shop-page.tsx';

const cart = (count: number) => ({
  items: [{ id: 1, product_id: 3, subscription_id: null, name: 'Cola', count, unit_price: 3500, total: 3500 * count }],
  total: 3500 * count,
});

describe('the shop', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['store']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('names no count on the cart link while the cart could not be read, rather than an empty cart', async () => {
    fakeLogin();
    let fail = true;
    const { calls } = fakeApi({
      user: makeUser(),
      handlers: [
        (url) => (url.pathname === '/v1/product/all' ? { body: { success: true, data: [] } } : undefined),
        (url) => (url.pathname === '/v1/subscription/all' ? { body: { success: true, data: [] } } : undefined),
        (url) =>
          url.pathname === '/v1/cart'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: { success: true, cart: cart(2) } }
            : undefined,
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
    fail = false;
    await queryClient.refetchQueries();
    await waitFor(() => expect(screen.getByTestId('cart-link').getAttribute('aria-label')).toBe('Handlekurv, 2 varer'));
  });
});
