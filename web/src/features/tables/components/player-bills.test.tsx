import { DEFAULT_BILLING_SETTINGS, ZPlayerBilling } from '@club/shared/billing';
import type { TGame, TPlayer } from '@club/shared/tables';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi, openingHoursAnswer } from '../../../testing/server.ts';
import { groupBills } from '../lib/bill.ts';
import { BillGroupCard } from './player-bills.tsx';

const T0 = Date.parse('2026-03-01T18:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Hours bought 20 minutes into the game: they pay from 18:20 UTC, 19:20 at the club (Oslo). */
const player: TPlayer = {
  id: 1,
  game_id: 1,
  user_id: 1,
  name: 'Kari Nordmann',
  guest_of: null,
  role_id: 2,
  price_per_minute: 250,
  joined_at: iso(T0),
  left_at: null,
  status: 'joined',
  minutes: 0,
  total: 0,
  previous_player_id: null,
  billing: ZPlayerBilling.parse({
    segments: [{ table_id: 1, game_id: 1, price_per_minute: 250, from: iso(T0), to: null }],
    subscription_minutes: 600,
    subscription_from: iso(T0 + 20 * 60_000),
    settings: DEFAULT_BILLING_SETTINGS,
  }),
};
const game: TGame = {
  id: 1,
  table_id: 1,
  status: 'playing',
  started_at: iso(T0),
  ending_at: null,
  ended_at: null,
  players: [player],
  pauses: [],
};

describe('a bill with prepaid hours bought during the game', () => {
  const zone = process.env.TZ;
  beforeEach(async () => {
    // a phone set to another zone than the club's
    process.env.TZ = 'America/New_York';
    await setLocale('nb');
    await loadTextGroups(['games']);
  });
  afterEach(() => {
    cleanUpComponent();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("says from when they pay in the club's time, as the table's start beside it", async () => {
    fakeApi({ handlers: [openingHoursAnswer] });
    const [group] = groupBills(game, T0 + 30 * 60_000);
    if (!group) throw new Error('no bill group');
    renderWithProviders(<BillGroupCard group={group} meId={1} />);

    await waitFor(() => expect(screen.getByTestId('prepaid-from').textContent).toContain('kl. 19:20'));
  });
});

describe('the time a bill is charged for', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['games']);
  });
  afterEach(cleanUpComponent);

  const played = (settings: Partial<typeof DEFAULT_BILLING_SETTINGS>): TGame => ({
    ...game,
    players: [
      {
        ...player,
        billing: ZPlayerBilling.parse({
          segments: [{ table_id: 1, game_id: 1, price_per_minute: 250, from: iso(T0), to: null }],
          subscription_minutes: 0,
          subscription_from: null,
          settings: { ...DEFAULT_BILLING_SETTINGS, ...settings },
        }),
      },
    ],
  });
  const facts = () => screen.getAllByRole('definition')[0]!.closest('dl')!.textContent;

  it('is shown beside the time played when the started unit rounds it up, so the price times the time adds up', () => {
    // 16 minutes and 20 seconds, charged per started quarter: 30 minutes, kr 75
    const [group] = groupBills(played({ rounding_minutes: 15 }), T0 + 16 * 60_000 + 20_000);
    if (!group) throw new Error('no bill group');
    renderWithProviders(<BillGroupCard group={group} meId={1} />);
    expect(facts()).toContain('Spilletid16\u00a0min');
    expect(facts()).toContain('Regnes som30\u00a0min');
  });

  it('is left out when it is the time played', () => {
    const [group] = groupBills(played({ rounding_minutes: 1 }), T0 + 16 * 60_000);
    if (!group) throw new Error('no bill group');
    renderWithProviders(<BillGroupCard group={group} meId={1} />);
    expect(facts()).toContain('Spilletid16\u00a0min');
    expect(facts()).not.toContain('Regnes som');
  });
});
