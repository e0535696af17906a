import { pathTo } from '@club/shared/routes';
import type { TTable } from '@club/shared/tables';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ReservationBadge } from '../../../components/reservation-badge.tsx';
import { useClubTimeZone } from '../../../lib/opening-status.ts';

/**
 * The club's floor: each table where its x/y (0–100 %) puts it, coloured by status. With
 * `preview`, the table being edited is drawn where the form would put it.
 */
export function FloorPlan({ tables, preview }: { tables: TTable[]; preview?: { name: string; x: number; y: number } }) {
  const { t } = useTranslation();
  const timeZone = useClubTimeZone(tables.some((table) => table.reserved_from));
  const count = tables.length + (preview ? 1 : 0);
  return (
    <figure className="floor">
      <figcaption className="visually-hidden">{t('games.admin.floor_label', { count })}</figcaption>
      {tables.map((table) => {
        const status = table.active ? table.status : 'closed';
        return (
          <Link
            key={table.id}
            to={pathTo('admin.table', { id: table.id })}
            className={`floor__table floor__table--${status}`}
            style={{ left: `${table.x}%`, top: `${table.y}%` }}
            tabIndex={preview ? -1 : 0}
          >
            <span>{table.name}</span>
            <span className="floor__count">
              {table.players_count}/{table.capacity}
            </span>
            <ReservationBadge table={table} t={t} timeZone={timeZone} />
          </Link>
        );
      })}
      {preview && (
        <span
          className="floor__table floor__table--preview"
          style={{ left: `${preview.x}%`, top: `${preview.y}%` }}
          aria-hidden="true"
        >
          {preview.name}
        </span>
      )}
    </figure>
  );
}
