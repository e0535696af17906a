import type { TFloorTable } from '@club/shared/realtime';
import type { TGame } from '@club/shared/tables';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableIcon } from '../../../components/icons.tsx';
import { LightState } from '../../../components/light-state.tsx';
import { ReservationBadge } from '../../../components/reservation-badge.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/states.tsx';
import { formatDuration, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useClubTimeZone } from '../../../lib/opening-status.ts';
import { toPercent, useMoveTable } from '../api/move-table.ts';
import { type FloorStatus, floorStatus, floorStatusKey, livePlayers, since, tableTotal } from '../lib/format.ts';
import { useLiveNow, useLiveRoom } from '../lib/live-context.tsx';
import { TablePanel } from './table-panel.tsx';
import '../../../styles/live.css';
import { StatusIcon } from './status-icon.tsx';

/** A free table held for a waitlist party is not free to anyone who walks up: staff see it so. */
const isHeld = (table: TFloorTable) => floorStatusKey(table) === 'live.status.held';

/** How long the arrow keys may rest before a keyboard move is saved. */
const KEY_SAVE_MS = 600;
/** A press that moves less than this (px) is a click, not a drag. */
const DRAG_THRESHOLD_PX = 5;

interface Position {
  id: number;
  x: number;
  y: number;
}

/**
 * The admin's live floor plan: every table at its place on the floor
 * (x, y in percent of the plan), coloured by status, with its players and running total
 * ticking every second. A table opens a panel to pause, kick or end; admins drag tables —
 * or move a focused one with the arrow keys — to arrange the floor.
 */
export function FloorPlan({
  variant = 'embedded',
  panelExtra,
}: {
  variant?: 'embedded' | 'full';
  /** more in a table's panel, from the route (the light's override) */
  panelExtra?: ((table: TFloorTable) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  // a minute's resync keeps the server clock's skew fresh for the running totals
  const room = useLiveRoom('admin', 'admin', { resyncEveryMs: 60_000 });
  const [selectedId, setSelectedId] = useState<number | null>(null);

  if (room.isPending) return <Loading label={t('live.floor.connecting')} />;
  if (room.isError || !room.data) {
    return <ErrorState text={t('live.floor.failed')} onRetry={() => void room.refetch()} />;
  }
  const { tables, games } = room.data;
  if (tables.length === 0) {
    return <EmptyState icon={<TableIcon />} title={t('live.floor.empty')} text={t('live.floor.empty_text')} />;
  }
  const selected = tables.find((table) => table.id === selectedId) ?? null;
  const gameOf = (table: TFloorTable) =>
    table.game_id === null ? null : (games.find((g) => g.id === table.game_id) ?? null);

  return (
    <div className={`live-floor live-floor--${variant}${selected ? ' live-floor--open' : ''}`}>
      <div className="live-floor__main">
        <Plan
          tables={tables}
          gameOf={gameOf}
          selectedId={selected?.id ?? null}
          onSelect={(id) => setSelectedId((current) => (current === id ? null : id))}
          variant={variant}
        />
        <Legend />
      </div>
      {selected && (
        <TablePanel
          key={selected.id}
          table={selected}
          game={gameOf(selected)}
          onClose={() => setSelectedId(null)}
          extra={panelExtra?.(selected)}
        />
      )}
    </div>
  );
}

function Legend() {
  const { t } = useTranslation();
  const items: FloorStatus[] = ['free', 'playing', 'paused', 'closed'];
  return (
    <ul className="live-legend" aria-label={t('live.floor.legend')}>
      {items.map((status) => (
        <li key={status} className={`live-legend__item live-legend__item--${status}`}>
          <StatusIcon status={status} />
          {t(`live.status.${status}`)}
        </li>
      ))}
    </ul>
  );
}

function Plan({
  tables,
  gameOf,
  selectedId,
  onSelect,
  variant,
}: {
  tables: TFloorTable[];
  gameOf: (table: TFloorTable) => TGame | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
  variant: 'embedded' | 'full';
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const now = useLiveNow();
  const timeZone = useClubTimeZone(tables.some((table) => table.reserved_from));
  const hintId = useId();
  const plan = useRef<HTMLDivElement>(null);
  const move = useMoveTable();
  const [override, setOverride] = useState<Position | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const drag = useRef<
    (Position & { pointerId: number; startX: number; startY: number; originX: number; originY: number }) | null
  >(null);
  const moved = useRef(false);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  function save(position: Position) {
    const table = tables.find((x) => x.id === position.id);
    if (!table || (toPercent(position.x) === table.x && toPercent(position.y) === table.y)) {
      setOverride(null);
      return;
    }
    move.mutate(position, {
      onSuccess: () =>
        setAnnouncement(
          t('live.floor.moved', { name: table.name, x: toPercent(position.x), y: toPercent(position.y) }),
        ),
      onSettled: () => setOverride((current) => (current?.id === position.id ? null : current)),
    });
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, table: TFloorTable) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    moved.current = false;
    drag.current = {
      id: table.id,
      x: table.x,
      y: table.y,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      originX: table.x,
      originY: table.y,
    };
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const d = drag.current;
    const box = plan.current?.getBoundingClientRect();
    if (!d || d.pointerId !== event.pointerId || !box || box.width === 0 || box.height === 0) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    if (!moved.current && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    moved.current = true;
    d.x = toPercent(d.originX + (dx / box.width) * 100);
    d.y = toPercent(d.originY + (dy / box.height) * 100);
    setOverride({ id: d.id, x: d.x, y: d.y });
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (moved.current) save({ id: d.id, x: d.x, y: d.y });
  }

  function onPointerCancel() {
    drag.current = null;
    moved.current = false;
    setOverride(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, table: TFloorTable) {
    const step = event.shiftKey ? 5 : 1;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const by = delta[event.key];
    if (!by) return;
    event.preventDefault();
    const from = override?.id === table.id ? override : table;
    const next = { id: table.id, x: toPercent(from.x + by[0]), y: toPercent(from.y + by[1]) };
    setOverride(next);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => save(next), KEY_SAVE_MS);
  }

  return (
    <div className="live-plan-wrap">
      <p id={hintId} className="visually-hidden">
        {t('live.floor.move_hint')}
      </p>
      <section
        className={`live-plan live-plan--${variant}`}
        aria-label={t('live.floor.label', { count: tables.length })}
        data-testid="floor-plan"
      >
        {/* the floor's 0–100 % inside a margin, so a table at an edge is drawn whole */}
        <div ref={plan} className="live-plan__area" data-testid="floor-area">
          {tables.map((table) => {
            const status = floorStatus(table);
            const position = override?.id === table.id ? override : table;
            const game = gameOf(table);
            const players = game ? livePlayers(game, now) : [];
            const total = tableTotal(players);
            return (
              <button
                key={table.id}
                type="button"
                className={`live-table live-table--${status}${isHeld(table) ? ' is-held' : ''}${selectedId === table.id ? ' is-selected' : ''}${
                  override?.id === table.id ? ' is-moving' : ''
                }`}
                style={{ left: `${position.x}%`, top: `${position.y}%` }}
                aria-expanded={selectedId === table.id}
                aria-describedby={hintId}
                data-testid={`floor-table-${table.id}`}
                onPointerDown={(event) => onPointerDown(event, table)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerCancel}
                onKeyDown={(event) => onKeyDown(event, table)}
                onClick={() => {
                  if (moved.current) {
                    moved.current = false;
                    return;
                  }
                  onSelect(table.id);
                }}
              >
                <span className="live-table__icon">
                  <StatusIcon status={status} />
                  <span className="live-table__name">{table.name}</span>
                </span>
                <span className="live-table__status">{t(floorStatusKey(table))}</span>
                <ReservationBadge table={table} t={t} timeZone={timeZone} />
                <LightState light={table.light} t={t} testId={`floor-light-${table.id}`} />
                <span className="live-table__count">
                  <span aria-hidden="true">
                    {table.players_count}/{table.capacity}
                  </span>
                  <span className="visually-hidden">
                    {t('live.floor.seats', { players: table.players_count, capacity: table.capacity })}
                  </span>
                </span>
                {game && (
                  <span className="live-table__figures">
                    <span className="live-table__total">{formatMoney(total, locale)}</span>
                    <span className="live-table__elapsed">{formatDuration(since(game.started_at, now), locale)}</span>
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </section>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
