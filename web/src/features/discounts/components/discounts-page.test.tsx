import type { TDiscount } from '@club/shared/discounts';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { DiscountsAdminPage } from './discounts-page.tsx';

const members: TDiscount = {
  id: 3,
  name: 'Medlemsrabatt',
  kind: 'percent',
  value: 20,
  applies_to: 'table_time',
  role_id: 5,
  valid_from: null,
  valid_to: null,
  weekdays: [],
  time_from: null,
  time_to: null,
  active: true,
};

describe('the discounts admin', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['admin']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it("says the roles could not be read, with a retry, rather than showing a role's discount as everyone's", async () => {
    fakeLogin();
    let fail = true;
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) => (url.pathname === '/v1/discount/all' ? { body: { success: true, data: [members] } } : undefined),
        (url) =>
          url.pathname === '/v1/role/all'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: { success: true, data: [{ id: 5, name: 'Medlem', can_pay_later: false, home_page: null }] } }
            : undefined,
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <DiscountsAdminPage />
      </MemoryRouter>,
    );

    fireEvent.click(
      await screen.findByRole('button', { name: i18n.t('adminConsole.common.edit_named', { name: 'Medlemsrabatt' }) }),
    );
    expect(await screen.findByText(i18n.t('adminConsole.discounts.roles_load_failed'))).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: new RegExp(i18n.t('adminConsole.discounts.role')) })).toBeNull();
    expect(screen.queryByRole('option', { name: i18n.t('adminConsole.discounts.all_roles') })).toBeNull();
    expect(screen.getByText(/Rolle nr\. 5/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByDisplayValue('Medlem')).toBeTruthy();
    expect(screen.queryByText(i18n.t('adminConsole.discounts.roles_load_failed'))).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/role/all').length).toBe(2);
  });
});
