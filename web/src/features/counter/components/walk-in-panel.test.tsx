import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../components/toasts.tsx';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { WalkInPanel } from './walk-in-panel.tsx';

const kari = {
  user_id: 30,
  player_id: 41,
  game_id: 12,
  name: 'Kari',
  table_id: 1,
  table_name: 'Bord 1',
  joined_at: '2026-12-02T18:00:00.000Z',
};

describe('stopping a walk-in guest', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['counter']);
  });
  afterEach(cleanUpComponent);

  it('says there is nothing to pay when the stop makes no bill', async () => {
    fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/cash/walk-ins' ? { body: { success: true, playing: [kari], unpaid: [] } } : undefined,
        (url) => (url.pathname === '/v1/game/kick' ? { body: { success: true, order_id: null } } : undefined),
        (url) => (url.pathname === '/v1/table/all' ? { body: { success: true, data: [] } } : undefined),
      ],
    });
    const onPay = vi.fn();
    renderWithProviders(
      <>
        <WalkInPanel onPay={onPay} />
        <Toasts />
      </>,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: i18n.t('counter.walk_in.stop_named', { name: 'Kari' }) }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === i18n.t('counter.walk_in.stop'))!,
    );
    expect(
      await screen.findByText(i18n.t('counter.walk_in.stopped_nothing_owed', { name: 'Kari' })),
    ).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(onPay).not.toHaveBeenCalled();
  });
});
