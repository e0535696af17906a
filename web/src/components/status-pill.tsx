import type { TTable } from '@club/shared/tables';
import type { TFunction } from 'i18next';
import { standsOutOfOrder } from '../lib/free-to-sit.ts';
import '../styles/tables.css';

const LABELS = {
  free: 'games.status.free',
  playing: 'games.status.playing',
  paused: 'games.status.paused',
  closed: 'games.status.closed',
  out_of_order: 'games.status.out_of_order',
} as const;

/**
 * Free, playing, paused, closed or out of order, as a coloured pill with a dot. It takes its
 * page's `t`: a full club's floor draws one per table, and each hook of its own subscribes to
 * the language.
 */
export function StatusPill({ table, t }: { table: Pick<TTable, 'status' | 'active' | 'out_of_order'>; t: TFunction }) {
  const status = standsOutOfOrder(table)
    ? 'out_of_order'
    : table.active || table.status !== 'free'
      ? table.status
      : 'closed';
  // out of order looks closed: nobody sits down at it
  return (
    <span className={`status-pill status-pill--${status === 'out_of_order' ? 'closed' : status}`}>
      {t(LABELS[status])}
    </span>
  );
}
