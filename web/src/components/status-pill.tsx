import type { TTable } from '@club/shared/tables';
import { useTranslation } from 'react-i18next';
import '../styles/tables.css';

const LABELS = {
  free: 'games.status.free',
  playing: 'games.status.playing',
  paused: 'games.status.paused',
  closed: 'games.status.closed',
} as const;

/** Free, playing, paused or closed, as a coloured pill with a dot. */
export function StatusPill({ table }: { table: Pick<TTable, 'status' | 'active'> }) {
  const { t } = useTranslation();
  const status = table.active || table.status !== 'free' ? table.status : 'closed';
  return <span className={`status-pill status-pill--${status}`}>{t(LABELS[status])}</span>;
}
