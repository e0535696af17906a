import type { TFloorTable } from '@club/shared/realtime';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { LightsOfflineAlert } from './lights-offline-alert.tsx';

const table = (id: number, light: TFloorTable['light']): TFloorTable => ({
  id,
  name: `Bord ${id}`,
  capacity: 4,
  active: true,
  x: 10,
  y: 10,
  status: 'free',
  players_count: 0,
  free_seats: 4,
  game_id: null,
  started_at: null,
  out_of_order: false,
  reserved_from: null,
  predicted_free_at: null,
  held_for: null,
  light,
});

const show = (tables: TFloorTable[]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <LightsOfflineAlert tables={tables} />
    </I18nextProvider>,
  );

describe('the live floor’s alert for lights that stopped answering', () => {
  beforeEach(async () => {
    await setLocale('nb');
    await loadTextGroups(['admin']);
  });
  afterEach(cleanup);

  it('says nothing while every light answers (or a table has none)', () => {
    show([table(1, { mode: 'auto', state: 'on' }), table(2, null), table(3, { mode: 'off', state: 'unknown' })]);
    expect(screen.queryByTestId('lights-offline')).not.toBeInTheDocument();
  });

  it('names every table whose light is offline, in an alert', () => {
    show([
      table(1, { mode: 'auto', state: 'offline' }),
      table(2, { mode: 'auto', state: 'on' }),
      table(4, { mode: 'on', state: 'offline' }),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('2 lys svarer ikke');
    expect(alert).toHaveTextContent('Bord 1, Bord 4');
    expect(alert).not.toHaveTextContent('Bord 2');
  });
});
