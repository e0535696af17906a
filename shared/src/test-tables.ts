import type { TTable } from '@club/shared/tables';

/**
 * A table as the kiosk describes it (`GET /v1/table/all`, the events' reads): free, four seats,
 * 2,50 a minute; `fields` change it. For the tests of the kiosk, the gateway and the web app.
 */
export function makeTable(id: number, fields: Partial<TTable> = {}): TTable {
  return {
    id,
    name: `Bord ${id}`,
    capacity: 4,
    price_per_minute: 250,
    active: true,
    x: 10 * id,
    y: 20,
    status: 'free',
    players_count: 0,
    game_id: null,
    out_of_order: false,
    out_of_order_reason: null,
    reserved_from: null,
    predicted_free_at: null,
    held_for: null,
    ...fields,
  };
}
