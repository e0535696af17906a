import type { TWaitlistEntry } from '@club/shared/waitlist';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { componentSuite } from '../../../testing/component-suite.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { failingRead, fakeApi, fakeLogin, makeUser, openingHoursAnswer } from '../../../testing/server.ts';
import { WaitlistCard } from './waitlist-card.tsx';

const entry = (fields: Partial<TWaitlistEntry> = {}): TWaitlistEntry => ({
  id: 4,
  user_id: 1,
  name: 'Ola Nordmann',
  party_size: 2,
  status: 'waiting',
  position: 2,
  created_at: new Date().toISOString(),
  predicted_wait_minutes: 20,
  offer: null,
  ...fields,
});

function renderCard(mine: TWaitlistEntry) {
  const user = makeUser();
  fakeLogin();
  queryClient.setQueryData(profileQueryOptions().queryKey, user);
  const api = fakeApi({
    user,
    handlers: [
      openingHoursAnswer,
      (url) => (url.pathname === '/v1/waitlist' ? { body: { success: true, entry: mine, waiting: 3 } } : undefined),
    ],
  });
  renderWithProviders(
    <MemoryRouter>
      <WaitlistCard allBusy largest={4} />
    </MemoryRouter>,
  );
  return api;
}

const left = (calls: { path: string }[]) => calls.filter((c) => c.path === '/v1/waitlist/leave').length;

describe('the waitlist on the start page', () => {
  componentSuite({ texts: ['waitlist'], quietErrors: false });

  it('says the place in line could not be read, with a retry, rather than offering to join a line the party may be in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    const { handler, recover } = failingRead('/v1/waitlist', { success: true, entry: entry(), waiting: 3 });
    const { calls } = fakeApi({
      user,
      handlers: [openingHoursAnswer, handler],
    });
    renderWithProviders(
      <MemoryRouter>
        <WaitlistCard allBusy largest={4} />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Vi fikk ikke lest plassen din på ventelisten.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sett meg på ventelisten' })).toBeNull();
    recover();
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('button', { name: 'Gå ut av ventelisten' })).toBeTruthy();
    expect(screen.queryByText('Vi fikk ikke lest plassen din på ventelisten.')).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/waitlist').length).toBe(2);
  });

  it('offers to join the line only once it is read that the party is not in it', async () => {
    const user = makeUser();
    fakeLogin();
    queryClient.setQueryData(profileQueryOptions().queryKey, user);
    fakeApi({
      user,
      handlers: [
        openingHoursAnswer,
        (url) =>
          url.pathname === '/v1/waitlist' ? { body: { success: true, entry: entry(), waiting: 3 } } : undefined,
      ],
    });
    const { container } = renderWithProviders(
      <MemoryRouter>
        <WaitlistCard allBusy largest={4} />
      </MemoryRouter>,
    );
    // the first render has no answer yet
    expect(container.textContent).toBe('');
    expect(await screen.findByRole('button', { name: 'Gå ut av ventelisten' })).toBeTruthy();
  });

  it('asks before a party gives up its place in line, and keeps it on a second thought', async () => {
    const { calls } = renderCard(entry());
    fireEvent.click(await screen.findByRole('button', { name: 'Gå ut av ventelisten' }));

    const dialog = await screen.findByRole('dialog', { name: 'Gå ut av ventelisten?' });
    expect(dialog.textContent).toContain('Du mister plass nummer 2 i køen.');
    expect(left(calls)).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(left(calls)).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Gå ut av ventelisten' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gå ut av ventelisten?' });
    fireEvent.click(confirm.querySelector('.button--danger') as HTMLElement);
    await waitFor(() => expect(left(calls)).toBe(1));
  });

  it('asks before "not now" lets a held table go, as it takes the party off the line', async () => {
    const { calls } = renderCard(
      entry({ offer: { table_id: 3, table_name: 'Bord 3', expires_at: new Date(Date.now() + 300_000).toISOString() } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Ikke nå' }));

    const dialog = await screen.findByRole('dialog', { name: 'Gi fra deg Bord 3?' });
    expect(dialog.textContent).toContain('du går ut av ventelisten');
    expect(left(calls)).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Gi fra meg bordet' }));
    await waitFor(() => expect(left(calls)).toBe(1));
  });

  it("says until when a table is held in the club's time, on a phone set to another zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // held until 18:30 UTC: 19:30 at the club (Oslo), 13:30 in New York
      renderCard(entry({ offer: { table_id: 3, table_name: 'Bord 3', expires_at: '2026-01-15T18:30:00.000Z' } }));
      await waitFor(() => expect(screen.getByTestId('waitlist-offer').textContent).toContain('til 19:30'));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
