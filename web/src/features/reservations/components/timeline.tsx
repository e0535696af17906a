import type { TReservation } from '@club/shared/reservations';
import { SLOT_MINUTES } from '@club/shared/reservations';
import type { TTable } from '@club/shared/tables';
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import { clockIn } from '../lib/slots.ts';
import { RESERVATION_STATUS_TEXT } from '../lib/status-text.ts';

const MIN = 60_000;
const INTL = { nb: 'nb-NO', en: 'en-GB' } as const;

export interface Move {
  reservation: TReservation;
  tableId: number;
  startsAt: number;
}

interface Pending {
  id: number;
  rows: number;
  quarters: number;
}

/**
 * A day of reservations, one lane per table. A reservation not yet claimed moves by drag, or
 * from the keyboard: arrows move it (←/→ a quarter hour, ↑/↓ a table), Enter saves, Escape
 * or leaving it puts it back. A click opens it. A moved booking stays where it was put until
 * `onMove`'s promise settles, and nothing moves meanwhile.
 */
export function Timeline({
  tables,
  reservations,
  from,
  to,
  timeZone,
  onMove,
  onOpen,
}: {
  tables: TTable[];
  reservations: TReservation[];
  from: number;
  to: number;
  timeZone: string;
  onMove: (move: Move) => Promise<unknown>;
  onOpen: (reservation: TReservation) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const lane = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // a move on its way to the server: drawn where it was put until the day is read again, or it
  // jumped back for a moment and could be dragged a second time from its old place
  const [saving, setSaving] = useState<Pending | null>(null);
  const shown = pending ?? saving;
  const buttonOf = (id: number) =>
    section.current?.querySelector<HTMLButtonElement>(`[data-reservation-id="${id}"]`) ?? null;
  // moved to another table, the booking is drawn again in that row: the focus goes with it,
  // so that the next arrow and Enter still reach it
  useLayoutEffect(() => {
    if (!pending) return;
    const button = buttonOf(pending.id);
    if (button && document.activeElement !== button) button.focus();
  });
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);
  // a drag ends in a click on the same button: that click must not open the reservation
  const dragged = useRef(false);
  const span = to - from;
  const hours = Math.round(span / (60 * MIN));
  const rowOf = new Map(tables.map((tb, i) => [tb.id, i]));

  const target = (r: TReservation, p: Pending | null) => {
    const shift = p?.id === r.id ? p : { rows: 0, quarters: 0 };
    const row = Math.min(tables.length - 1, Math.max(0, (rowOf.get(r.table_id) ?? 0) + shift.rows));
    return {
      tableId: tables[row]?.id ?? r.table_id,
      startsAt: Date.parse(r.starts_at) + shift.quarters * SLOT_MINUTES * MIN,
    };
  };
  const commit = (r: TReservation, p: Pending) => {
    setPending(null);
    if (p.rows === 0 && p.quarters === 0) return;
    setSaving(p);
    const done = () => setSaving(null);
    onMove({ reservation: r, ...target(r, p) }).then(done, done);
  };
  const movable = (r: TReservation) => r.status === 'booked' && saving === null;

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>, r: TReservation) => {
    if (!movable(r)) return;
    drag.current = { id: r.id, x: e.clientX, y: e.clientY, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    const width = lane.current?.getBoundingClientRect().width;
    if (!d || !width) return;
    const rowHeight = e.currentTarget.parentElement?.getBoundingClientRect().height ?? 48;
    const quarters = Math.round(((e.clientX - d.x) / width) * (span / (SLOT_MINUTES * MIN)));
    const rows = Math.round((e.clientY - d.y) / rowHeight);
    if (quarters !== 0 || rows !== 0) d.moved = true;
    setPending({ id: d.id, rows, quarters });
  };
  const onPointerUp = (r: TReservation) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    dragged.current = d.moved;
    if (d.moved && pending) commit(r, pending);
    else setPending(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, r: TReservation) => {
    if (!movable(r)) return;
    const p = pending?.id === r.id ? pending : { id: r.id, rows: 0, quarters: 0 };
    const step: Record<string, Partial<Pending>> = {
      ArrowLeft: { quarters: p.quarters - 1 },
      ArrowRight: { quarters: p.quarters + 1 },
      ArrowUp: { rows: p.rows - 1 },
      ArrowDown: { rows: p.rows + 1 },
    };
    if (step[e.key]) {
      e.preventDefault();
      setPending({ ...p, ...step[e.key] });
    } else if (e.key === 'Enter' && pending?.id === r.id) {
      e.preventDefault();
      commit(r, pending);
    } else if (e.key === 'Escape') setPending(null);
  };

  return (
    // scrolls sideways on a phone: reachable from the keyboard even on a day with no reservations
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus
    <section ref={section} className="timeline" tabIndex={0} aria-label={t('booking.timeline')}>
      <div className="timeline__grid" style={{ ['--hours' as string]: hours }}>
        <div className="timeline__hours" aria-hidden="true">
          <span className="timeline__label" />
          <div className="timeline__lane" ref={lane} style={{ height: '1.75rem' }}>
            {Array.from({ length: hours }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an hour mark has no identity but its place
              <span key={i} className="timeline__hour" style={{ left: `${(i / hours) * 100}%` }}>
                {clockIn(from + i * 60 * MIN, timeZone, INTL[locale])}
              </span>
            ))}
          </div>
        </div>
        {tables.map((table) => (
          <div key={table.id} className="timeline__row" data-testid={`timeline-table-${table.id}`}>
            <span className="timeline__label">
              {table.name}
              {table.out_of_order && <span className="timeline__out">{t('booking.out_of_order')}</span>}
            </span>
            <div className="timeline__lane">
              {reservations
                .filter((r) => target(r, shown).tableId === table.id)
                .map((r) => {
                  const start = target(r, shown).startsAt;
                  const left = ((start - from) / span) * 100;
                  const width = ((r.minutes * MIN) / span) * 100;
                  const label = `${clockIn(start, timeZone, INTL[locale])} ${r.kind === 'block' ? `${t('booking.block')}: ` : ''}${r.name} (${r.party_size})`;
                  return (
                    <button
                      key={r.id}
                      type="button"
                      className={`timeline__item timeline__item--${r.kind} timeline__item--${r.status}${shown?.id === r.id ? ' is-moving' : ''}`}
                      style={{ left: `${Math.max(0, left)}%`, width: `${width}%` }}
                      data-testid={`timeline-reservation-${r.id}`}
                      data-reservation-id={r.id}
                      aria-label={`${label}, ${table.name}, ${t(RESERVATION_STATUS_TEXT[r.status])}`}
                      title={label}
                      onPointerDown={(e) => onPointerDown(e, r)}
                      onPointerMove={onPointerMove}
                      onPointerUp={() => onPointerUp(r)}
                      onPointerCancel={() => {
                        drag.current = null;
                        setPending(null);
                      }}
                      onKeyDown={(e) => onKeyDown(e, r)}
                      onBlur={() =>
                        // leaving a booking half moved puts it back; being drawn again is not leaving
                        setTimeout(() =>
                          setPending((p) => (p?.id === r.id && document.activeElement !== buttonOf(r.id) ? null : p)),
                        )
                      }
                      onClick={() => {
                        if (dragged.current) dragged.current = false;
                        else if (pending?.id !== r.id) onOpen(r);
                      }}
                    >
                      {/* the party and the booker's name, wrapping to a second line: an hour is narrow */}
                      <span className="timeline__who">
                        {r.kind === 'block' ? `${t('booking.block')}: ${r.name}` : `${r.party_size} · ${r.name}`}
                      </span>
                    </button>
                  );
                })}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
