import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { UserSubscriptionsPanel } from './user-subscriptions-panel.tsx';

const hours = {
  id: 9,
  subscription_id: 4,
  name: '10 timer',
  duration: 10,
  remaining_minutes: 600,
  refunded_minutes: 0,
  status: 'active',
};

describe('a user’s prepaid hours on their staff page', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['store']);
  });
  afterEach(cleanUpComponent);

  it('pause once of a double tap', async () => {
    const { calls } = fakeApi({
      handlers: [
        (url) => (url.pathname === '/v1/user/7/subscriptions' ? { body: { success: true, data: [hours] } } : undefined),
        (url) => (url.pathname === '/v1/subscription/pause' ? { body: { success: true } } : undefined),
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <UserSubscriptionsPanel userId={7} />
      </MemoryRouter>,
    );
    const pause = await screen.findByRole('button', { name: i18n.t('store.admin.user_subs.pause') });
    fireEvent.click(pause);
    fireEvent.click(pause);
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/subscription/pause')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/v1/subscription/pause')).toHaveLength(1);
  });
});
