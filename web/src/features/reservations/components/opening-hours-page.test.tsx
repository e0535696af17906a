import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { WEEKDAY_TEXT } from '../../../lib/weekday-text.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, openingHoursAnswer } from '../../../testing/server.ts';
import { OpeningHoursPage } from './opening-hours-page.tsx';

const settings = { grace_minutes: 15, reminder_minutes: 120, max_active_bookings: 3, max_hours_ahead: 6 };

function showPage() {
  const api = fakeApi({
    handlers: [
      openingHoursAnswer,
      (url, init) =>
        url.pathname === '/v1/settings/reservations'
          ? {
              body: {
                success: true,
                settings: init?.method === 'POST' ? JSON.parse(String(init.body)) : settings,
              },
            }
          : undefined,
    ],
  });
  renderWithProviders(
    <MemoryRouter>
      <OpeningHoursPage />
    </MemoryRouter>,
  );
  return api;
}

const saved = (calls: ReturnType<typeof fakeApi>['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/v1/settings/reservations');

describe('the booking rules', () => {
  componentSuite({ texts: ['booking'] });

  it('saves nothing while a field is empty or not a number, and says so on the field', async () => {
    const { calls } = showPage();
    const grace = await screen.findByLabelText(i18n.t('booking.grace'), { exact: false });
    const rules = grace.closest('form') as HTMLFormElement;
    fireEvent.input(grace, { target: { value: '' } });
    fireEvent.input(screen.getByLabelText(i18n.t('booking.max_active_bookings'), { exact: false }), {
      target: { value: 'tre' },
    });
    fireEvent.click(within(rules).getByRole('button', { name: i18n.t('booking.save') }));

    expect(
      await within(rules).findByText(i18n.t('validation.required', { field: i18n.t('booking.grace') })),
    ).toBeInTheDocument();
    expect(
      within(rules).getByText(i18n.t('validation.number', { field: i18n.t('booking.max_active_bookings') })),
    ).toBeInTheDocument();
    expect(grace).toHaveAttribute('aria-invalid', 'true');
    expect(saved(calls)).toHaveLength(0);
  });

  it('saves what was typed once every field holds a number', async () => {
    const { calls } = showPage();
    const grace = await screen.findByLabelText(i18n.t('booking.grace'), { exact: false });
    fireEvent.input(grace, { target: { value: '20' } });
    fireEvent.click(
      within(grace.closest('form') as HTMLFormElement).getByRole('button', { name: i18n.t('booking.save') }),
    );
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]?.body).toEqual({ ...settings, grace_minutes: 20 });
  });
});

describe('the week’s opening hours', () => {
  componentSuite({ texts: ['booking'] });

  it('groups each weekday’s fields under its name, so that seven "Opens" fields read apart', async () => {
    showPage();
    for (const day of WEEKDAY_TEXT) {
      const group = await screen.findByRole('group', { name: i18n.t(day) });
      expect(within(group).getByRole('checkbox', { name: i18n.t('booking.closed') })).toBeInTheDocument();
    }
  });
});
