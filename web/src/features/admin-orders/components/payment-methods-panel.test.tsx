import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';

describe("the club's ways of paying", () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['admin', 'pay']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('shows them loading, then says they could not be read, with a retry, rather than leaving the section out', async () => {
    fakeLogin();
    let fail = true;
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) =>
          url.pathname === '/v1/settings/payments'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: { success: true, settings: { vipps: true, card: false, physical: true } } }
            : undefined,
      ],
    });
    renderWithProviders(<PaymentMethodsPanel />);

    expect(screen.getByText(i18n.t('pay.methods_setting.title'))).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Dette kunne ikke lastes inn.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    const vipps = await screen.findByRole<HTMLInputElement>('checkbox', { name: i18n.t('pay.method.vipps') });
    expect(vipps.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: i18n.t('pay.method.card') }).checked).toBe(false);
    expect(screen.queryByText('Dette kunne ikke lastes inn.')).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/settings/payments').length).toBe(2);
  });
});
