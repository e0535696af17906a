import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { StaffPinForm } from './staff-pin-form.tsx';

describe("setting a staff member's PIN", () => {
  componentSuite({ texts: ['counter'] });

  it('says the staff could not be read, with a retry, rather than a list with only "choose" in it', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/cash/operators', {
      success: true,
      operators: [{ user_id: 4, name: 'Kari Nordmann', has_pin: false }],
    });
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [handler],
    });
    renderWithProviders(<StaffPinForm />);

    expect(screen.getByRole('option', { name: i18n.t('common.loading') })).toBeTruthy();
    expect(await screen.findByText(i18n.t('counter.staff_pin.load_failed'))).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: i18n.t('counter.staff_pin.who') })).toBeNull();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('option', { name: 'Kari Nordmann' })).toBeTruthy();
    expect(screen.queryByText(i18n.t('counter.staff_pin.load_failed'))).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/cash/operators').length).toBe(2);
  });
});
