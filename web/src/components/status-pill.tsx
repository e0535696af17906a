import type { TTable } from '@club/shared/tables';
import { useTranslation } from 'react-i18next';
import '../styles/tables.css';

/** Free, playing, paused or closed, as a coloured pill with a dot. */
export function StatusPill({ table }: { table: Pick<TTable, 'status' | 'active'> }) {
  const { t } = useTranslation();
  const status = table.active || table.status !== 'free' ? table.status : 'closed';
  const label = {
    free: t('games.status.free'),
    playing: t('games.status.playing'),
    paused: t('games.status.paused'),
    closed: t('games.status.closed'),
  }[status];
  return <span className={`status-pill status-pill--${status}`}>{label}</span>;
}
