import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { AddSubscriptionPanel } from './add-subscription-panel.tsx';

const tenHours = {
  id: 4,
  name: '10 timer',
  duration: 10,
  price: 90_000,
  active: true,
  vat_rate: 25,
  door_access: false,
};

describe('giving a user prepaid hours', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['store']);
  });
  afterEach(cleanUpComponent);

  it('gives them once of a double tap', async () => {
    const { calls } = fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/subscription/all' ? { body: { success: true, data: [tenHours] } } : undefined),
        (url) =>
          url.pathname === '/v1/subscription/add'
            ? {
                body: {
                  success: true,
                  subscription: {
                    id: 9,
                    subscription_id: 4,
                    name: '10 timer',
                    duration: 10,
                    remaining_minutes: 600,
                    refunded_minutes: 0,
                    status: 'active',
                  },
                },
              }
            : undefined,
      ],
    });
    renderWithProviders(<AddSubscriptionPanel userId={7} />);
    const select = await screen.findByLabelText(i18n.t('store.admin.add.label'));
    fireEvent.change(select, { target: { value: '4' } });
    const give = screen.getByRole('button', { name: i18n.t('store.admin.add.submit') });
    fireEvent.click(give);
    fireEvent.click(give);
    await screen.findByText(i18n.t('store.admin.add.done', { name: '10 timer' }), { selector: '[role="status"]' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/v1/subscription/add')).toEqual([
      { method: 'POST', path: '/v1/subscription/add', body: { user_id: 7, subscription_id: 4 } },
    ]);
  });
});
