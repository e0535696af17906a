import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';

describe("the club's ways of paying", () => {
  componentSuite({ texts: ['admin', 'pay'] });

  it('shows them loading, then says they could not be read, with a retry, rather than leaving the section out', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/settings/payments', {
      success: true,
      settings: { vipps: true, card: false, physical: true },
    });
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [handler],
    });
    renderWithProviders(<PaymentMethodsPanel />);

    expect(screen.getByText(i18n.t('pay.methods_setting.title'))).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Dette kunne ikke lastes inn.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    const vipps = await screen.findByRole<HTMLInputElement>('checkbox', { name: i18n.t('pay.method.vipps') });
    expect(vipps.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: i18n.t('pay.method.card') }).checked).toBe(false);
    expect(screen.queryByText('Dette kunne ikke lastes inn.')).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/settings/payments').length).toBe(2);
  });
});
