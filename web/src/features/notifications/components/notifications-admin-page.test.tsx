import type { TNotificationAdmin } from '@club/shared/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { NotificationsAdminPage } from './notifications-admin-page.tsx';

const toMembers: TNotificationAdmin = {
  id: 8,
  message: 'Turnering på lørdag',
  link_text: null,
  url: null,
  audience: 'role',
  role_id: 5,
  user_id: null,
  starts_at: null,
  ends_at: null,
  created_at: '2026-12-01T10:00:00.000Z',
  read_count: 3,
};

const notice = (id: number, message: string): TNotificationAdmin => ({ ...toMembers, id, message, audience: 'all' });

/** The page at `address` over a kiosk that holds `total` notices, `pages` by number; gives the pages asked for. */
function openNotices(address: string, pages: Record<number, TNotificationAdmin[]>, total: number): number[] {
  fakeLogin();
  const asked: number[] = [];
  fakeApi({
    user: makeUser({ is_admin: true }),
    handlers: [
      (url) => {
        if (url.pathname !== '/v1/notification/all') return undefined;
        const page = Number(url.searchParams.get('page'));
        asked.push(page);
        const last_page = Math.max(1, Math.ceil(total / 20));
        return { body: { success: true, data: pages[page] ?? [], current_page: page, last_page, per_page: 20, total } };
      },
    ],
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <NotificationsAdminPage />
    </MemoryRouter>,
  );
  return asked;
}

describe('the notices admin', () => {
  componentSuite({ texts: ['admin'] });

  it("says the roles could not be read, with a retry, rather than showing a role's notice with no role chosen", async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/role/all', {
      success: true,
      data: [{ id: 5, name: 'Medlem', can_pay_later: false, home_page: null }],
    });
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [
        (url) =>
          url.pathname === '/v1/notification/all'
            ? { body: { success: true, data: [toMembers], current_page: 1, last_page: 1, per_page: 20, total: 1 } }
            : undefined,
        handler,
      ],
    });
    renderWithProviders(
      <MemoryRouter>
        <NotificationsAdminPage />
      </MemoryRouter>,
    );

    fireEvent.click(
      await screen.findByRole('button', { name: i18n.t('adminConsole.notifications.edit_named', { id: 8 }) }),
    );
    expect(await screen.findByText(i18n.t('adminConsole.notifications.roles_load_failed'))).toBeTruthy();
    expect(screen.queryByRole('option', { name: i18n.t('adminConsole.notifications.choose_role') })).toBeNull();
    expect(screen.getByText(/Til Rolle nr\. 5/)).toBeTruthy();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByDisplayValue('Medlem')).toBeTruthy();
    expect(screen.queryByText(i18n.t('adminConsole.notifications.roles_load_failed'))).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/role/all').length).toBe(2);
  });

  it('shows a page of the notices at a time, and the next page when asked', async () => {
    const asked = openNotices(
      '/admin/notifications',
      { 1: [notice(21, 'Den nyeste')], 2: [notice(1, 'Den eldste')] },
      21,
    );

    expect(await screen.findByText('Den nyeste')).toBeTruthy();
    expect(screen.getByText(i18n.t('common.page_of', { page: 1, last: 2 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('common.next') }));
    expect(await screen.findByText('Den eldste')).toBeTruthy();
    expect(screen.queryByText('Den nyeste')).toBeNull();
    expect(asked).toEqual([1, 2]);
  });

  it('takes a page past the last (an old link, notices deleted since) to the last, not to "no notices yet"', async () => {
    const asked = openNotices('/admin/notifications?page=5', { 2: [notice(1, 'Den eldste')] }, 21);

    expect(await screen.findByText('Den eldste')).toBeTruthy();
    expect(screen.getByText(i18n.t('common.page_of', { page: 2, last: 2 }))).toBeTruthy();
    expect(screen.queryByText(i18n.t('admin.notifications.empty'))).toBeNull();
    expect(asked).toEqual([5, 2]);
  });

  it('says there are no notices yet, with a way to send one, when none was ever sent', async () => {
    openNotices('/admin/notifications', {}, 0);

    expect(await screen.findByText(i18n.t('admin.notifications.empty'))).toBeTruthy();
    expect(screen.getAllByRole('button', { name: i18n.t('adminConsole.notifications.new') })).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: i18n.t('common.pages') })).toBeNull();
  });
});
