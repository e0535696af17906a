import { openingAt } from '@club/shared/opening-times';
import type { TFloorTable } from '@club/shared/realtime';
import type { TFunction } from 'i18next';
import { type CSSProperties, memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoIcon, TableIcon, WifiOffIcon } from '../../../components/icons.tsx';
import { LightState } from '../../../components/light-state.tsx';
import { ReservationBadge } from '../../../components/reservation-badge.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { formatClockTime, formatMinutes } from '../../../lib/format.ts';
import { freeToSit } from '../../../lib/free-to-sit.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useOpeningStatus } from '../../../lib/opening-status.ts';
import { type FloorStatus, since } from '../lib/format.ts';
import { useLive, useLiveNow, useLiveRoom, useLiveStatus } from '../lib/live-context.tsx';
import { tableQrSvg } from '../lib/table-qr.ts';
import { useTvGrid } from '../lib/use-tv-grid.ts';
import '../../../styles/live.css';

/** How long the TV waits without the gateway before it says it is offline (a blip stays silent). */
const OFFLINE_AFTER_MS = 15_000;

const statusOf = (table: TFloorTable): FloorStatus =>
  (!table.active || table.out_of_order) && table.status === 'free' ? 'closed' : table.status;

/**
 * QR codes drawn once per address and kept for the page's life: a wall board runs for
 * days, so nothing it draws may pile up (one small SVG per table). Drawn in a worker
 * (lib/table-qr.ts), after the board has painted: a wall of codes drawn on the page held its
 * main thread for most of a second.
 */
const qrCache = new Map<string, Promise<string>>();
function qrFor(text: string): Promise<string> {
  let svg = qrCache.get(text);
  if (!svg) {
    svg = tableQrSvg(text)
      // the board's role="img" element names it; the drawing itself is not read out
      .then((code) => code.replace('<svg ', '<svg aria-hidden="true" focusable="false" '));
    qrCache.set(text, svg);
  }
  return svg;
}

const TableQr = memo(function TableQr({ id, name, t }: { id: number; name: string; t: TFunction }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrFor(`${window.location.origin}/table/${id}`)
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [id]);
  const alt = t('live.tv.qr_alt', { name });
  // drawn inline, not as an <img>: a code is no content of its own, and as the largest
  // image it would be what a phone's first paint is measured by (Lighthouse's LCP), while
  // it is drawn on purpose after the board
  return (
    <span
      className="tv-card__qr"
      role="img"
      aria-label={alt}
      // the markup is the QR library's own SVG of our URL, no outside text
      {...(src ? { dangerouslySetInnerHTML: { __html: src } } : {})}
    />
  );
});

/**
 * The wall TV (`/tv`): public, full screen, type large enough to read from across the
 * room — each table free, playing or paused, how long it has been playing, free seats,
 * and a QR code to its table page. Only the `floor` room: never a name or an amount.
 */
export function TvBoard() {
  const { t } = useTranslation();
  // a resync every minute keeps the server clock (elapsed times) and the board honest
  const room = useLiveRoom('floor', 'floor', { resyncEveryMs: 60_000 });
  const now = useLiveNow();
  const timeZone = useOpeningStatus().data?.time_zone;
  useEffect(() => {
    document.title = `${t('live.tv.title')} · ${t('app.name')}`;
  }, [t]);

  const tables = room.data?.tables.filter((table) => table.active || table.status !== 'free') ?? [];
  // the tables one can sit down at: not out of order, and not held for the waitlist
  const free = tables.filter(freeToSit).length;
  const grid = useTvGrid<HTMLUListElement>(tables.length);

  return (
    <main className="tv-board">
      <header className="tv-board__header">
        <span className="brand brand--large">
          <LogoIcon />
          <span>{t('app.name')}</span>
        </span>
        <h1 className="tv-board__title">
          {room.data ? t('live.tv.free_tables', { count: free, total: tables.length }) : t('live.tv.title')}
        </h1>
        <span className="tv-board__open">
          <OpenNow now={now} />
        </span>
        <OfflineBadge timeZone={timeZone} />
        <Clock now={now} timeZone={timeZone} />
      </header>
      {room.isPending ? (
        <div className="tv-board__empty" aria-busy="true">
          <TableIcon />
          <p className="tv-board__message">{t('live.tv.connecting')}</p>
        </div>
      ) : room.isError || !room.data ? (
        <ErrorState text={t('live.tv.failed')} onRetry={() => void room.refetch()} />
      ) : tables.length === 0 ? (
        <div className="tv-board__empty">
          <TableIcon />
          <p className="tv-board__message">{t('live.tv.empty')}</p>
          <p className="tv-board__hint">{t('live.tv.empty_text')}</p>
        </div>
      ) : (
        <ul className="tv-board__grid" aria-label={t('live.tv.tables')} ref={grid.ref} style={grid.style}>
          {tables.map((table) => (
            <TvCard key={table.id} table={table} playedMinutes={playedMinutes(table, now)} timeZone={timeZone} t={t} />
          ))}
        </ul>
      )}
    </main>
  );
}

/**
 * Nobody touches the TV, so it must say itself when it has lost the club: after
 * `OFFLINE_AFTER_MS` without the gateway, a badge with the time the board was last current
 * (a quick reconnect stays silent). It goes away as soon as the connection is back.
 */
function OfflineBadge({ timeZone }: { timeZone: string | undefined }) {
  const { t } = useTranslation();
  const status = useLiveStatus();
  const live = useLive();
  const [lostAt, setLostAt] = useState<number | null>(null);
  useEffect(() => {
    if (status === 'connected' || status === 'idle') {
      setLostAt(null);
      return;
    }
    const lost = live.serverNow();
    const timer = setTimeout(() => setLostAt(lost), OFFLINE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, live]);
  return (
    <div role="status" aria-live="polite" className="tv-board__status">
      {lostAt !== null && (
        <p className="tv-offline" data-testid="tv-offline">
          <WifiOffIcon />
          <span>{t('live.tv.offline', { time: formatClockTime(new Date(lostAt), timeZone) })}</span>
        </p>
      )}
    </div>
  );
}

/** Whether the club is open now, from its opening hours on the clock. */
function OpenNow({ now }: { now: number }) {
  const { t } = useTranslation();
  const status = useOpeningStatus();
  // opening hours change on the minute: worked out once a minute, not at every tick of the clock
  // (each is a dozen calendar conversions through Intl)
  const minute = Math.floor(now / 60_000) * 60_000;
  const opening = useMemo(
    () => (status.data ? openingAt(status.data.hours, minute, status.data.time_zone) : null),
    [status.data, minute],
  );
  if (!opening) return null;
  const { open_now, today } = opening;
  return (
    <span className={open_now ? 'tv-open tv-open--open' : 'tv-open'} data-testid="tv-open">
      {open_now
        ? today
          ? t('booking.open_until', { time: today.close })
          : t('booking.open_now')
        : today
          ? t('booking.opens_at', { time: today.open })
          : t('booking.closed_now')}
    </span>
  );
}

function Clock({ now, timeZone }: { now: number; timeZone: string | undefined }) {
  return <time className="tv-board__clock">{formatClockTime(new Date(now), timeZone)}</time>;
}

/** How much a card's lines shrink for the lines it has beyond name, status, time and seats. */
const CARD_FIT = [1, 0.85, 0.75, 0.68] as const;

/** The lines a card has beyond the usual: the predicted free time, a hold, a reservation near. */
function extraLines(table: TFloorTable, busy: boolean): 0 | 1 | 2 | 3 {
  const free = busy && table.predicted_free_at ? 1 : 0;
  const held = !busy && table.held_for ? 1 : 0;
  const reserved = table.out_of_order || table.reserved_from ? 1 : 0;
  return (free + held + reserved) as 0 | 1 | 2 | 3;
}

/** Whole minutes a busy (playing or paused) table has been playing at `now`; null for one that is not. */
function playedMinutes(table: TFloorTable, now: number): number | null {
  const status = statusOf(table);
  return status === 'playing' || status === 'paused' ? Math.floor(since(table.started_at, now) / 60_000) : null;
}

/**
 * A table's card. It takes the minutes played, not the clock: the board's clock ticks every
 * second, and a card draws again only when its table changes or its minute turns (a full
 * club's board drew every card every second, and again at every table's change). It takes the
 * board's `t` too, as its badge and code do: no hook per card subscribed to the language.
 */
const TvCard = memo(function TvCard({
  table,
  playedMinutes,
  timeZone,
  t,
}: {
  table: TFloorTable;
  playedMinutes: number | null;
  timeZone: string | undefined;
  t: TFunction;
}) {
  const locale = currentLocale();
  const status = statusOf(table);
  const busy = playedMinutes !== null;
  return (
    <li
      className={`tv-card tv-card--${status}`}
      data-testid={`tv-table-${table.id}`}
      style={{ '--fit': String(CARD_FIT[extraLines(table, busy)]) } as CSSProperties}
    >
      <div className="tv-card__main">
        <h2 className="tv-card__name">{table.name}</h2>
        <p className="tv-card__status">
          {table.out_of_order && status === 'closed' ? t('booking.out_of_order') : t(`live.status.${status}`)}
        </p>
        {busy && (
          <p className="tv-card__elapsed">
            <span className="visually-hidden">{t('live.tv.elapsed')} </span>
            {formatMinutes(playedMinutes, locale)}
          </p>
        )}
        {busy && table.predicted_free_at && (
          <p className="tv-card__free">
            {t('waitlist.free_about', { time: formatClockTime(new Date(table.predicted_free_at), timeZone) })}
          </p>
        )}
        {!busy && table.held_for && <p className="tv-card__free">{t('waitlist.held')}</p>}
        {!(table.out_of_order && status === 'closed') && (
          <ReservationBadge table={table} t={t} className="tv-card__reserved" timeZone={timeZone} />
        )}
        <p className="tv-card__seats">
          {status === 'closed'
            ? table.out_of_order
              ? ''
              : t('live.tv.closed_text')
            : table.free_seats > 0
              ? t('live.tv.seats_free', { count: table.free_seats })
              : t('live.tv.full')}
        </p>
      </div>
      {/* in the card's corner, out of the flow: the card keeps its size */}
      <LightState light={table.light} t={t} className="tv-card__light" testId={`tv-light-${table.id}`} />
      {status !== 'closed' && (
        <div className="tv-card__scan">
          <TableQr id={table.id} name={table.name} t={t} />
          <span className="tv-card__scan-text">{t('live.tv.scan')}</span>
        </div>
      )}
    </li>
  );
});
