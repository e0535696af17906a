import type { TFloorTable } from '@club/shared/realtime';
import type { TGame, TPlayer } from '@club/shared/tables';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/form.tsx';
import { formatClockTime, formatDuration, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useFocusBackOnClose } from '../../../lib/use-focus-back-on-close.ts';
import { useEndGame, useKickPlayer, useSetGamePaused } from '../api/game-actions.ts';
import { floorStatus, floorStatusKey, type LivePlayer, livePlayers, since, tableTotal } from '../lib/format.ts';
import { useLiveNow } from '../lib/live-context.tsx';

type Confirm = { kind: 'kick'; player: TPlayer } | { kind: 'end' } | null;

/** One table of the floor plan: who plays, what they owe so far; pause, kick, end; `extra` from the route. */
export function TablePanel({
  table,
  game,
  onClose,
  extra,
}: {
  table: TFloorTable;
  game: TGame | null;
  onClose: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const now = useLiveNow();
  const timeZone = useClubTimeZone(table.held_for !== null);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const pause = useSetGamePaused();
  const kick = useKickPlayer();
  const end = useEndGame();
  // closing takes the panel out of the page, and the focus in it: back to the table that opened it
  useFocusBackOnClose();

  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, []);

  const players = game ? livePlayers(game, now) : [];
  const total = tableTotal(players);
  const status = floorStatus(table);
  const paused = game?.status === 'paused';

  function onKickConfirmed(player: TPlayer) {
    if (!game) return;
    kick.mutate(
      { gameId: game.id, playerId: player.id },
      {
        onSuccess: () => {
          notifySuccess(t('live.panel.kicked', { name: player.name }));
          setConfirm(null);
        },
        onError: () => setConfirm(null),
      },
    );
  }

  function onEndConfirmed() {
    if (!game) return;
    end.mutate(
      { gameId: game.id, hostIds: players.map((p) => p.player.id) },
      {
        onSuccess: () => notifySuccess(t('live.panel.ended', { table: table.name })),
        onSettled: () => setConfirm(null),
      },
    );
  }

  return (
    <section
      className="live-panel card"
      aria-labelledby={titleId}
      data-testid="table-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !confirm) onClose();
      }}
    >
      <header className="live-panel__header">
        <div>
          <h2 id={titleId} ref={heading} tabIndex={-1} className="live-panel__title">
            {table.name}
          </h2>
          <p className={`live-chip live-chip--${status}`}>{t(floorStatusKey(table))}</p>
        </div>
        <Button variant="ghost" className="button--small" onClick={onClose}>
          {t('live.panel.close')}
        </Button>
      </header>

      {game ? (
        <>
          <dl className="live-panel__facts">
            <div>
              <dt>{t('live.panel.elapsed')}</dt>
              <dd>{formatDuration(since(game.started_at, now), locale)}</dd>
            </div>
            <div>
              <dt>{t('live.panel.seats')}</dt>
              <dd>
                {table.players_count}/{table.capacity}
              </dd>
            </div>
            <div>
              <dt>{t('live.panel.total')}</dt>
              <dd className="live-panel__total">{formatMoney(total, locale)}</dd>
            </div>
          </dl>
          <h3 className="live-panel__subtitle">{t('live.panel.players')}</h3>
          <ul className="live-players">
            {players.map((host) => (
              <PlayerRow key={host.player.id} entry={host} onKick={(player) => setConfirm({ kind: 'kick', player })} />
            ))}
          </ul>
          <div className="live-panel__actions">
            <Button
              variant="secondary"
              busy={pause.isPending}
              onClick={() => pause.mutate({ gameId: game.id, paused: !paused })}
            >
              {paused ? t('live.panel.resume') : t('live.panel.pause')}
            </Button>
            <Button variant="danger" onClick={() => setConfirm({ kind: 'end' })} disabled={players.length === 0}>
              {t('live.panel.end')}
            </Button>
          </div>
        </>
      ) : (
        <p className="muted" data-testid="table-panel-state">
          {!table.active
            ? t('live.panel.closed')
            : table.held_for
              ? t('live.panel.held', {
                  count: table.held_for.party_size,
                  time: formatClockTime(new Date(table.held_for.until), timeZone),
                })
              : t('live.panel.free')}
        </p>
      )}
      {extra}
      <Link to={`/admin/tables/${table.id}`} className="link small">
        {t('live.panel.edit')}
      </Link>

      <ConfirmDialog
        open={confirm?.kind === 'kick'}
        title={confirm?.kind === 'kick' ? t('live.panel.kick_title', { name: confirm.player.name }) : ''}
        confirmLabel={t('live.panel.kick_confirm')}
        busy={kick.isPending}
        onConfirm={() => confirm?.kind === 'kick' && onKickConfirmed(confirm.player)}
        onCancel={() => setConfirm(null)}
      >
        <p>{t('live.panel.kick_text')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'end'}
        title={t('live.panel.end_title', { table: table.name })}
        confirmLabel={t('live.panel.end_confirm')}
        busy={end.isPending}
        onConfirm={onEndConfirmed}
        onCancel={() => setConfirm(null)}
      >
        <p>{t('live.panel.end_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

function PlayerRow({ entry, onKick }: { entry: LivePlayer; onKick: (player: TPlayer) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rows = [{ ...entry, guest: false }, ...entry.guests.map((g) => ({ ...g, guest: true }))];
  return (
    <>
      {rows.map(({ player, total, minutes, guest }) => (
        <li key={player.id} className={`live-player${guest ? ' live-player--guest' : ''}`}>
          <span className="live-player__name">
            {player.name}
            {guest && <span className="muted small"> · {t('live.panel.guest')}</span>}
          </span>
          <span className="live-player__figures">
            <span className="live-player__total">{formatMoney(total, locale)}</span>
            <span className="muted small">{t('live.panel.minutes', { count: minutes })}</span>
          </span>
          <Button
            variant="ghost"
            className="button--small"
            onClick={() => onKick(player)}
            aria-label={t('live.panel.kick_label', { name: player.name })}
          >
            {t('live.panel.kick')}
          </Button>
        </li>
      ))}
    </>
  );
}
