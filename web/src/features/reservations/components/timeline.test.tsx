import type { TReservation } from '@club/shared/reservations';
import { makeTable } from '@club/shared/test-tables';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { type Move, Timeline } from './timeline.tsx';

const FROM = Date.parse('2026-12-02T09:00:00Z');
const HOUR = 3_600_000;

const booking: TReservation = {
  id: 7,
  kind: 'booking',
  status: 'booked',
  table_id: 1,
  table_name: 'Bord 1',
  user_id: 3,
  name: 'Kari',
  party_size: 2,
  starts_at: new Date(FROM + 2 * HOUR).toISOString(),
  ends_at: new Date(FROM + 3 * HOUR).toISOString(),
  minutes: 60,
  note: '',
  created_at: new Date(FROM).toISOString(),
};

function show(onMove: (move: Move) => Promise<unknown>) {
  render(
    <I18nextProvider i18n={i18n}>
      <Timeline
        tables={[makeTable(1), makeTable(2), makeTable(3)]}
        reservations={[booking]}
        from={FROM}
        to={FROM + 12 * HOUR}
        timeZone="Europe/Oslo"
        onMove={onMove}
        onOpen={() => undefined}
      />
    </I18nextProvider>,
  );
  return () => screen.getByTestId('timeline-reservation-7');
}

/** a key pressed where the focus is, as a person at the keyboard presses it */
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

describe('the reservations timeline from the keyboard', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['admin']);
  });
  afterEach(cleanup);

  it('keeps the focus on a booking moved to another table, so Enter saves it there', () => {
    const onMove = vi.fn(() => Promise.resolve());
    const item = show(onMove);
    item().focus();
    press('ArrowDown');
    expect(screen.getByTestId('timeline-table-2')).toContainElement(item());
    expect(document.activeElement).toBe(item());
    press('ArrowDown');
    press('ArrowRight');
    expect(screen.getByTestId('timeline-table-3')).toContainElement(item());
    press('Enter');
    expect(onMove).toHaveBeenCalledWith({
      reservation: booking,
      tableId: 3,
      startsAt: FROM + 2 * HOUR + 15 * 60_000,
    });
  });

  it('puts a booking back where it was when the focus leaves it unsaved', async () => {
    const onMove = vi.fn(() => Promise.resolve());
    const item = show(onMove);
    item().focus();
    press('ArrowDown');
    expect(screen.getByTestId('timeline-table-2')).toContainElement(item());
    await act(async () => {
      screen.getByRole('region').focus();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.getByTestId('timeline-table-1')).toContainElement(item());
    expect(onMove).not.toHaveBeenCalled();
  });
});

describe('a booking moved on the reservations timeline', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['admin']);
  });
  afterEach(cleanup);

  it('stays where it was put while the move is saved, and does not move again meanwhile', async () => {
    let settle = () => {};
    const onMove = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
    );
    const item = show(onMove);
    item().focus();
    press('ArrowDown');
    press('Enter');
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('timeline-table-2')).toContainElement(item());
    item().focus();
    press('ArrowDown');
    press('Enter');
    expect(screen.getByTestId('timeline-table-2')).toContainElement(item());
    expect(onMove).toHaveBeenCalledTimes(1);
    // once saved, the timeline draws the bookings it is given: here still the old one
    await act(async () => settle());
    expect(screen.getByTestId('timeline-table-1')).toContainElement(item());
  });
});
