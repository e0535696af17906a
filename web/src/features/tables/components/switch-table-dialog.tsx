import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChevronRightIcon } from '../../../components/icons.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useTables } from '../api/get-tables.ts';
import { useSwitchTable } from '../api/switch-table.ts';
import { SheetDialog } from './sheet-dialog.tsx';
import { StatusPill } from './status-pill.tsx';

/** Pick another table with room for me and my guests; the bill runs on there. */
export function SwitchTableDialog({
  open,
  gameId,
  fromTableId,
  seats,
  onClose,
}: {
  open: boolean;
  gameId: number;
  fromTableId: number;
  seats: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tables = useTables();
  const move = useSwitchTable();
  const choices = (tables.data ?? []).filter(
    (x) => x.id !== fromTableId && x.active && x.capacity - x.players_count >= seats,
  );

  return (
    <SheetDialog open={open} title={t('games.table.switch_title')} onClose={onClose}>
      <p className="muted small">{t('games.table.switch_text', { count: seats })}</p>
      {tables.isPending ? (
        <Loading />
      ) : tables.isError ? (
        <ErrorState onRetry={() => void tables.refetch()} />
      ) : choices.length === 0 ? (
        <EmptyState title={t('games.table.switch_empty')} />
      ) : (
        <ul className="menu switch-list">
          {choices.map((x) => (
            <li key={x.id}>
              <button
                type="button"
                className="menu__item switch-list__item"
                disabled={move.isPending}
                aria-label={t('games.table.switch_to', { table: x.name })}
                onClick={() =>
                  // the promise, not mutate's callbacks: this dialog unmounts once I have left this table
                  move.mutateAsync({ game_id: gameId, table_id: x.id }).then(
                    (game) => {
                      onClose();
                      notifySuccess(t('games.table.switched', { table: x.name }));
                      navigate(pathTo('table', { id: game.table_id }));
                    },
                    () => undefined,
                  )
                }
              >
                <span className="menu__text">
                  <span className="menu__label">{x.name}</span>
                  <span className="menu__hint">
                    {t('games.per_minute', { price: formatMoney(x.price_per_minute, currentLocale()) })}
                    {' · '}
                    {t('games.seats_free', { count: x.capacity - x.players_count })}
                  </span>
                </span>
                <StatusPill table={x} />
                <ChevronRightIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </SheetDialog>
  );
}
