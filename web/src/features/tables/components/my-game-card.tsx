import { seatOf } from '@club/shared/game-seats';
import { pathTo } from '@club/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronRightIcon, TableIcon } from '../../../components/icons.tsx';
import { useUser } from '../../../lib/auth.ts';
import { formatDuration, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useActiveGame, useActiveGameTable } from '../api/get-active-game.ts';
import { useTableName } from '../api/get-tables.ts';
import { groupBills } from '../lib/bill.ts';
import { useServerNow } from '../lib/use-server-now.ts';
import '../../../styles/tables.css';

/** The game I am playing, with my live bill, linking to its table; nothing when I am not playing. */
export function MyGameCard() {
  const { t } = useTranslation();
  const active = useActiveGameTable();
  const gameTableId = active.data ?? null;
  // unknown is not "not playing": a bill may be running, so say it could not be read
  if (active.isError && gameTableId === null) {
    return (
      <div className="card my-game" role="alert" data-testid="my-game-failed">
        <span className="card__icon">
          <TableIcon />
        </span>
        <span className="my-game__body">
          <span className="card__label">{t('games.home.my_game')}</span>
          <span className="my-game__title">{t('common.load_failed')}</span>
          <button type="button" className="link small" onClick={() => void active.refetch()}>
            {t('common.retry')}
          </button>
        </span>
      </div>
    );
  }
  if (gameTableId === null) return null;
  return <MyGameCardBody gameTableId={gameTableId} />;
}

function MyGameCardBody({ gameTableId }: { gameTableId: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const user = useUser();
  const now = useServerNow();
  const active = useActiveGame();
  const tableName = useTableName(gameTableId);
  const game = active.data;
  if (!game) return null;
  const me = seatOf(game, user.id);
  const group = groupBills(game, now).find((g) => g.host.player.id === me?.id);
  const name = tableName ?? t('table.title', { id: gameTableId });
  const paused = game.status === 'paused';
  return (
    <Link to={pathTo('table', { id: gameTableId })} className={`card my-game${paused ? ' my-game--paused' : ''}`}>
      <span className="card__icon">
        <TableIcon />
      </span>
      <span className="my-game__body">
        <span className="card__label">{t('games.home.my_game')}</span>
        <span className="my-game__title">
          {paused ? t('games.home.paused_at', { table: name }) : t('games.home.playing_at', { table: name })}
        </span>
        {group && (
          <span className="my-game__bill">
            <span className="muted small">{t('games.home.bill_so_far')}</span>
            <span className="my-game__total money" data-testid="home-bill-total">
              {formatMoney(group.total, currentLocale())}
            </span>
            <span className="muted small money">{formatDuration(group.host.bill.billable_ms, locale)}</span>
          </span>
        )}
      </span>
      <span className="my-game__go">
        <span className="visually-hidden">{t('games.home.to_table')}</span>
        <ChevronRightIcon />
      </span>
    </Link>
  );
}
