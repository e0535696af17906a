import type { TDiscount } from '@club/shared/discounts';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
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
  componentSuite({ texts: ['admin'] });

  it("says the roles could not be read, with a retry, rather than showing a role's discount as everyone's", async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/role/all', {
      success: true,
      data: [{ id: 5, name: 'Medlem', can_pay_later: false, home_page: null }],
    });
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) => (url.pathname === '/v1/discount/all' ? { body: { success: true, data: [members] } } : undefined),
        handler,
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
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByDisplayValue('Medlem')).toBeTruthy();
    expect(screen.queryByText(i18n.t('adminConsole.discounts.roles_load_failed'))).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/role/all').length).toBe(2);
  });
});
