import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { ReservationCard } from './reservation-card.tsx';

describe('a booking’s card', () => {
  const zone = process.env.TZ;
  beforeEach(async () => {
    // a phone in London, an hour behind the club
    process.env.TZ = 'Europe/London';
    await setLocale('nb');
    await loadTextGroups(['booking']);
  });
  afterEach(() => {
    cleanUpComponent();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('gives the day of the club’s calendar with its times: just after midnight in Oslo is still yesterday in London', () => {
    renderWithProviders(
      <ul>
        <ReservationCard
          timeZone="Europe/Oslo"
          reservation={{
            id: 1,
            kind: 'booking',
            status: 'booked',
            table_id: 1,
            table_name: 'Bord 1',
            user_id: 1,
            name: 'Kari Nordmann',
            party_size: 2,
            // 00:30–01:30 on 5 December in Oslo
            starts_at: '2026-12-04T23:30:00.000Z',
            ends_at: '2026-12-05T00:30:00.000Z',
            minutes: 60,
            note: '',
            created_at: '2026-12-01T12:00:00.000Z',
          }}
        />
      </ul>,
    );
    const when = screen.getByText(/00:30–01:30/).textContent;
    expect(when).toContain('5. des');
  });
});
