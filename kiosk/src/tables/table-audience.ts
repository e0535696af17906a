import type { TTable } from '@club/shared/tables';
import type { AuthInfo } from '../http/context.ts';

/**
 * A table's light relay (its kind and MQTT topic) is the club's wiring, staff's to see as the
 * door's relay is: anyone else gets the table without it, and still sees the light's state.
 */
export function tableFor(me: AuthInfo | undefined, table: TTable): TTable {
  if (me?.isAdmin) return table;
  const { light_device: _wiring, ...seen } = table;
  return seen;
}
