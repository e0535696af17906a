import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { StaffPinForm } from './staff-pin-form.tsx';

describe("setting a staff member's PIN", () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['counter']);
    queryClient.clear();
  });
  afterEach(() => {
    cleanUpComponent();
    endLogin();
    vi.restoreAllMocks();
  });

  it('says the staff could not be read, with a retry, rather than a list with only "choose" in it', async () => {
    fakeLogin();
    let fail = true;
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) =>
          url.pathname === '/v1/cash/operators'
            ? fail
              ? { status: 503, body: { success: false, message: 'error.service_unavailable' } }
              : { body: { success: true, operators: [{ user_id: 4, name: 'Kari Nordmann', has_pin: false }] } }
            : undefined,
      ],
    });
    renderWithProviders(<StaffPinForm />);

    expect(screen.getByRole('option', { name: i18n.t('common.loading') })).toBeTruthy();
    expect(await screen.findByText(i18n.t('counter.staff_pin.load_failed'))).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: i18n.t('counter.staff_pin.who') })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('option', { name: 'Kari Nordmann' })).toBeTruthy();
    expect(screen.queryByText(i18n.t('counter.staff_pin.load_failed'))).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/cash/operators').length).toBe(2);
  });
});
