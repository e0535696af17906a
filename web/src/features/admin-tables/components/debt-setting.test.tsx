import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { DebtSetting } from './debt-setting.tsx';

describe("the club's choice on players who owe", () => {
  componentSuite({ texts: ['admin', 'games'] });

  it('says the choice could not be read, with a retry, rather than an unticked box, which reads as not blocked', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/settings/debts', {
      success: true,
      settings: { block_new_games: true },
    });
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [handler],
    });
    renderWithProviders(<DebtSetting />);

    expect(await screen.findByText('Dette kunne ikke lastes inn.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: i18n.t('games.debts.block') });
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(false);
    expect(screen.queryByText('Dette kunne ikke lastes inn.')).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/settings/debts').length).toBe(2);
  });

  it('shows it loading, not an unticked box, while the choice is read', async () => {
    fakeLogin();
    fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) =>
          url.pathname === '/v1/settings/debts'
            ? { body: { success: true, settings: { block_new_games: false } } }
            : undefined,
      ],
    });
    renderWithProviders(<DebtSetting />);

    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: i18n.t('games.debts.block') });
    expect(box.checked).toBe(false);
  });
});
