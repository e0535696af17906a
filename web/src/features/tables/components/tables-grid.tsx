import { pathTo } from '@club/shared/routes';
import type { TTable } from '@club/shared/tables';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableIcon } from '../../../components/icons.tsx';
import { ReservationBadge } from '../../../components/reservation-badge.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { formatClockTime } from '../../../lib/format.ts';
import { standsOutOfOrder } from '../../../lib/free-to-sit.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { useMyPriceText } from '../api/get-my-prices.ts';
import { useTables } from '../api/get-tables.ts';
import '../../../styles/tables.css';

/** Every table with its live status and free seats; each opens its table page. */
export function TablesGrid({ highlightTableId }: { highlightTableId?: number | undefined }) {
  const { t } = useTranslation();
  const tables = useTables();
  const priceOf = useMyPriceText();
  const timeZone = useClubTimeZone(!!tables.data?.some((t) => t.reserved_from || t.predicted_free_at));

  if (tables.isPending) return <Loading />;
  if (tables.isError) return <ErrorState text={t('games.home.tables_failed')} onRetry={() => void tables.refetch()} />;
  if (tables.data.length === 0) {
    return <EmptyState icon={<TableIcon />} title={t('home.tables_empty')} text={t('home.tables_empty_text')} />;
  }
  const sorted = [...tables.data].sort((a, b) => Number(b.active) - Number(a.active));
  return (
    <ul className="table-grid">
      {sorted.map((table) => (
        <TableTile
          key={table.id}
          table={table}
          mine={table.id === highlightTableId}
          price={priceOf(table.id)}
          timeZone={timeZone}
          t={t}
        />
      ))}
    </ul>
  );
}

/**
 * One table's tile. A live change writes one table anew and keeps the others as they were,
 * so only its tile draws again (in a busy club the home page drew every tile at every change).
 * It takes the grid's `t` (a new one when the language changes): a hook per tile subscribed to
 * the language, and their effects took a phone ~30 ms after a full club's first render.
 */
const TableTile = memo(function TableTile({
  table,
  mine,
  price,
  timeZone,
  t,
}: {
  table: TTable;
  mine: boolean;
  price: string | null;
  /** the club's, once known */
  timeZone: string | undefined;
  t: TFunction;
}) {
  const free = Math.max(0, table.capacity - table.players_count);
  const outOfOrder = standsOutOfOrder(table);
  return (
    <li>
      <Link
        to={pathTo('table', { id: table.id })}
        className={`card table-tile table-tile--${table.active && !outOfOrder ? table.status : 'closed'}${mine ? ' table-tile--mine' : ''}`}
      >
        <span className="table-tile__top">
          <span className="table-tile__name">{table.name}</span>
          <StatusPill table={table} t={t} />
        </span>
        <span className="seats" aria-hidden="true">
          {Array.from({ length: table.capacity }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats have no identity but their place
            <span key={i} className={i < table.players_count ? 'seat seat--taken' : 'seat'} />
          ))}
        </span>
        {table.out_of_order ? (
          // nobody joins it, whatever seats are left: why, when staff said
          table.out_of_order_reason && <span className="table-tile__meta">{table.out_of_order_reason}</span>
        ) : (
          <span className="table-tile__meta">
            {!table.active
              ? t('games.status.closed')
              : table.held_for && table.status === 'free'
                ? t('waitlist.held')
                : free > 0
                  ? t('games.seats_free', { count: free })
                  : t('games.full')}
          </span>
        )}
        {/* its pill says out of order already */}
        {!outOfOrder && <ReservationBadge table={table} t={t} timeZone={timeZone} />}
        {table.predicted_free_at && (
          <span className="table-tile__meta free-about">
            {t('waitlist.free_about', { time: formatClockTime(new Date(table.predicted_free_at), timeZone) })}
          </span>
        )}
        <span className="table-tile__price" data-testid="table-price">
          {price}
        </span>
      </Link>
    </li>
  );
});
