import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { DebtSetting } from './debt-setting.tsx';

describe("the club's choice on players who owe", () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['admin', 'games']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('says the choice could not be read, with a retry, rather than an unticked box, which reads as not blocked', async () => {
    fakeLogin();
    let fail = true;
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) =>
          url.pathname === '/v1/settings/debts'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: { success: true, settings: { block_new_games: true } } }
            : undefined,
      ],
    });
    renderWithProviders(<DebtSetting />);

    expect(await screen.findByText('Dette kunne ikke lastes inn.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fail = false;
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
