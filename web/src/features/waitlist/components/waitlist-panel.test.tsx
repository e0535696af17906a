import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';
import { WaitlistPanel } from './waitlist-panel.tsx';

describe('the line on the staff floor', () => {
  componentSuite({ texts: ['waitlist'] });

  it('says the line could not be read, with a retry, never that nobody waits', async () => {
    fakeLogin();
    const { handler, recover } = failingRead('/v1/waitlist/all', { success: true, data: [] });
    const { calls } = fakeApi({
      user: makeUser({ is_admin: true }),
      handlers: [handler],
    });
    renderWithProviders(<WaitlistPanel />);

    expect(await screen.findByText('Dette kunne ikke lastes inn.')).toBeTruthy();
    expect(screen.queryByText(i18n.t('waitlist.staff_empty'))).toBeNull();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    await waitFor(() => expect(screen.getByText(i18n.t('waitlist.staff_empty'))).toBeTruthy());
    expect(calls.filter((c) => c.path === '/v1/waitlist/all').length).toBe(2);
  });
});
