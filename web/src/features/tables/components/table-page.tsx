import { seatOf } from '@club/shared/game-seats';
import { pathTo } from '@club/shared/routes';
import type { TTable } from '@club/shared/tables';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/form.tsx';
import { AlertIcon, ClockIcon, TableIcon } from '../../../components/icons.tsx';
import { InTurn } from '../../../components/in-turn.tsx';
import { LightState } from '../../../components/light-state.tsx';
import { Page, Section } from '../../../components/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/auth.ts';
import { prefetchFirstData } from '../../../lib/first-screen.ts';
import { formatClockTime } from '../../../lib/format.ts';
import { standsOutOfOrder } from '../../../lib/free-to-sit.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { activeGameQueryOptions, useActiveGame } from '../api/get-active-game.ts';
import { useMyPriceText } from '../api/get-my-prices.ts';
import { type TTableWithGame, tableQueryOptions, useTable } from '../api/get-table.ts';
import { tablesQueryOptions, useTableName } from '../api/get-tables.ts';
import { useJoinGame } from '../api/join-game.ts';
import { groupBills } from '../lib/bill.ts';
import { useServerNow } from '../lib/use-server-now.ts';
import { GameLineup } from './game-lineup.tsx';
import { MyGame } from './my-game-panel.tsx';
import { BillGroupCard } from './player-bills.tsx';
import '../../../styles/tables.css';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { useRunOnce } from '../../../lib/use-run-once.ts';

/**
 * What the table's page shows at once, its join panel included (its first render waits for
 * it: `loadScreen`).
 */
export function tablePageFirstData(queryClient: QueryClient, id: number): Promise<unknown> {
  if (!Number.isInteger(id) || id <= 0) return Promise.resolve();
  return Promise.all([
    prefetchFirstData(queryClient, tableQueryOptions(id)),
    prefetchFirstData(queryClient, activeGameQueryOptions()),
    prefetchFirstData(queryClient, tablesQueryOptions()),
  ]);
}

/** A pool table, opened from its QR code: join, play with a live bill, pause, guests, switch, leave. */
export function TablePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const table = useTable(valid ? id : 0);
  const back = { to: pathTo('home'), label: t('nav.home') };

  const notFound =
    !valid || (table.isError && table.error instanceof ApiError && table.error.key === 'error.table_not_found');
  if (notFound) {
    return (
      <Page title={t('games.table.not_found')} back={back}>
        <EmptyState
          icon={<TableIcon />}
          title={t('games.table.not_found')}
          text={t('games.table.not_found_text')}
          action={
            <Link to={pathTo('home')} className="button button--secondary">
              {t('pages.go_home')}
            </Link>
          }
        />
      </Page>
    );
  }
  if (table.isPending) {
    return (
      <Page title={t('table.title', { id })} back={back}>
        <Loading />
      </Page>
    );
  }
  if (table.isError) {
    return (
      <Page title={t('table.title', { id })} back={back}>
        <ErrorState onRetry={() => void table.refetch()} />
      </Page>
    );
  }
  return <TableView key={table.data.id} table={table.data} />;
}

function subtitleOf(table: TTable, t: (key: string) => string): string {
  if (standsOutOfOrder(table)) return t('games.table.out_of_order_subtitle');
  if (!table.active) return t('games.table.closed_text');
  if (table.status === 'paused') return t('games.table.paused_subtitle');
  if (table.status === 'playing') return t('games.table.playing_subtitle');
  return t('games.table.free_subtitle');
}

function TableView({ table }: { table: TTableWithGame }) {
  const { t } = useTranslation();
  const user = useUser();
  const now = useServerNow();
  const game = table.game;
  const me = (game && seatOf(game, user.id)) ?? null;
  const groups = game ? groupBills(game, now) : [];
  const mine = me ? (groups.find((g) => g.host.player.id === me.id) ?? null) : null;
  const others = groups.filter((g) => g !== mine);
  const started = game?.started_at ?? table.lineup?.started_at ?? null;
  const timeZone = useClubTimeZone(started !== null);

  return (
    <Page
      title={table.name}
      subtitle={subtitleOf(table, t)}
      back={{ to: pathTo('home'), label: t('nav.home') }}
      actions={
        <>
          <LightState light={table.light} t={t} className="table-light" testId="table-light" />
          <StatusPill table={table} t={t} />
        </>
      }
    >
      {(game ?? table.lineup)?.status === 'paused' && (
        <div className="notice notice--paused">
          <ClockIcon />
          <div>
            <p className="notice__title">{t('games.table.paused_title')}</p>
            <p className="small">{t('games.table.paused_text')}</p>
          </div>
        </div>
      )}
      {mine && game ? (
        <MyGame table={table} group={mine} gameId={game.id} paused={game.status === 'paused'} />
      ) : (
        <JoinPanel table={table} />
      )}
      <InTurn>
        <Section title={t('games.table.everyone')}>
          {!game && table.lineup ? (
            <GameLineup lineup={table.lineup} />
          ) : others.length === 0 && !mine ? (
            <EmptyState icon={<TableIcon />} title={t('table.no_game')} text={t('table.no_game_text')} />
          ) : others.length === 0 ? null : (
            <div className="bill-groups">
              {others.map((group) => (
                <BillGroupCard key={group.host.player.id} group={group} meId={null} />
              ))}
            </div>
          )}
          {started && (
            <p className="muted small">
              {t('games.table.started', {
                time: formatClockTime(new Date(started), timeZone),
              })}
              {' · '}
              {t('games.seats_taken', { players: table.players_count, capacity: table.capacity })}
              {table.predicted_free_at && (
                <>
                  {' · '}
                  <span data-testid="table-free-about">
                    {t('waitlist.free_about', { time: formatClockTime(new Date(table.predicted_free_at), timeZone) })}
                  </span>
                </>
              )}
            </p>
          )}
        </Section>
      </InTurn>
    </Page>
  );
}

/** Not playing here: start or join the game, or why not. */
function JoinPanel({ table }: { table: TTableWithGame }) {
  const { t } = useTranslation();
  const active = useActiveGame();
  const join = useJoinGame();
  const runJoin = useRunOnce(join);
  const timeZone = useClubTimeZone(table.held_for !== null);
  const price = useMyPriceText()(table.id);
  const free = table.capacity - table.players_count;
  const elsewhere = active.data && active.data.table_id !== table.id ? active.data : null;
  const elsewhereName = useTableName(elsewhere?.table_id);

  // nobody new sits down at it, not even at a game running there (the kiosk refuses)
  if (table.out_of_order) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title={t('games.table.out_of_order_title')}
        text={
          table.out_of_order_reason
            ? t('games.table.out_of_order_reason', { reason: table.out_of_order_reason })
            : t('games.table.out_of_order_text')
        }
        action={
          <Link to={pathTo('home')} className="button button--secondary">
            {t('pages.go_home')}
          </Link>
        }
      />
    );
  }
  if (elsewhere) {
    const name = elsewhereName ?? t('table.title', { id: elsewhere.table_id });
    return (
      <EmptyState
        icon={<AlertIcon />}
        title={t('games.table.elsewhere_title', { table: name })}
        text={t('games.table.elsewhere_text')}
        action={
          <Link to={pathTo('table', { id: elsewhere.table_id })} className="button button--primary">
            {t('games.table.elsewhere_link')}
          </Link>
        }
      />
    );
  }
  if (!table.active) {
    return (
      <EmptyState icon={<TableIcon />} title={t('games.table.closed_title')} text={t('games.table.closed_text')} />
    );
  }
  if (free <= 0) {
    return (
      <EmptyState
        icon={<TableIcon />}
        title={t('games.table.full_title')}
        text={t('games.table.full_text', { count: table.capacity })}
      />
    );
  }
  return (
    <div className="card join-card">
      {table.held_for && (
        <p className="notice small" data-testid="table-held">
          {t('waitlist.held')} · {formatClockTime(new Date(table.held_for.until), timeZone)}
        </p>
      )}
      <div className="join-card__felt" aria-hidden="true">
        <TableIcon />
      </div>
      <p className="join-card__price">
        {price && (
          <>
            <span data-testid="table-price">{price}</span>
            {' · '}
          </>
        )}
        {t('games.seats_free', { count: free })}
      </p>
      <Button
        className="button--block button--large"
        busy={join.isPending}
        onClick={() =>
          // callbacks that run after this panel unmounts, as it does as soon as I am at the table
          runJoin(table.id, {
            onSuccess: () => notifySuccess(t('games.table.joined_toast', { table: table.name })),
            onError: (error) => {
              if (error instanceof ApiError && error.key === 'error.user_already_playing') void active.refetch();
            },
          })
        }
      >
        {table.game_id !== null ? t('table.join') : t('games.table.start')}
      </Button>
      <p className="muted small center">{t('games.table.join_hint')}</p>
    </div>
  );
}
