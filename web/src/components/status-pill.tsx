import type { TTable } from '@club/shared/tables';
import type { TFunction } from 'i18next';
import '../styles/tables.css';

const LABELS = {
  free: 'games.status.free',
  playing: 'games.status.playing',
  paused: 'games.status.paused',
  closed: 'games.status.closed',
} as const;

/**
 * Free, playing, paused or closed, as a coloured pill with a dot. It takes its page's `t`: a
 * full club's floor draws one per table, and each hook of its own subscribes to the language.
 */
export function StatusPill({ table, t }: { table: Pick<TTable, 'status' | 'active'>; t: TFunction }) {
  const status = table.active || table.status !== 'free' ? table.status : 'closed';
  return <span className={`status-pill status-pill--${status}`}>{t(LABELS[status])}</span>;
}
