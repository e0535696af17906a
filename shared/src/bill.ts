/**
 * The bill of a session (DESIGN §6), without the schemas of billing.ts: what the phone
 * runs every second, in the first download of a table's screen, which has no zod in it.
 */
import type { TBillingInput, TBillingInterval, TBillingSegment, TPlayerBilling } from './billing.ts';

const MINUTE_MS = 60_000;

export interface BillLine {
  table_id: number;
  price_per_minute: number;
  /** minutes charged or paid by subscription in this segment */
  minutes: number;
  subscription_minutes: number;
  total: number;
}

export interface Bill {
  billable_ms: number;
  /** all billed minutes (rounded up to started units) */
  minutes: number;
  subscription_minutes: number;
  lines: BillLine[];
  /** taken off for units started inside a discount window */
  discount: number;
  /** added to reach the minimum charge */
  minimum_adjustment: number;
  /** lines − discount + minimum adjustment */
  total: number;
}

interface Piece {
  segment: number;
  from: number;
  to: number;
}

const ms = (iso: string) => Date.parse(iso);

type Intervals = TBillingSegment['pauses'];
type Span = { from: number; to: number };
interface Parsed {
  /** the list's length and last end when parsed: a list appended to or closed is parsed again */
  length: number;
  lastTo: string | null | undefined;
  /** epoch ms, by start; an open pause ends at +∞ */
  spans: Span[];
}
const parsedLists = new WeakMap<Intervals, Parsed>();
/** each pause as numbers, with the text it was parsed from (a pause may be closed in place) */
const parsedPauses = new WeakMap<Intervals[number], { from: string; to: string | null; span: Span }>();

function spanOf(pause: Intervals[number]): Span {
  const known = parsedPauses.get(pause);
  if (known && known.from === pause.from && known.to === pause.to) return known.span;
  const span = { from: ms(pause.from), to: pause.to === null ? Number.POSITIVE_INFINITY : ms(pause.to) };
  parsedPauses.set(pause, { from: pause.from, to: pause.to, span });
  return span;
}

/**
 * A segment's pauses as numbers, sorted. The phone runs the bill every second and the gateway
 * on every tick, over the same pauses, and a game paused often has hundreds: a list is parsed
 * once (each player of a game may also share the game's one list), and a list made from another
 * one with a pause more parses only that pause.
 */
function spansOf(pauses: Intervals): Span[] {
  const lastTo = pauses.at(-1)?.to;
  const known = parsedLists.get(pauses);
  if (known && known.length === pauses.length && known.lastTo === lastTo) return known.spans;
  const spans = pauses.map(spanOf);
  if (spans.some((span, i) => i > 0 && span.from < spans[i - 1]!.from)) spans.sort((a, b) => a.from - b.from);
  parsedLists.set(pauses, { length: pauses.length, lastTo, spans });
  return spans;
}

/** The billable pieces of a segment up to `at`: its time minus the pauses. */
function pieces(segment: TBillingSegment, index: number, at: number): Piece[] {
  const start = ms(segment.from);
  const end = Math.min(segment.to === null ? at : ms(segment.to), at);
  if (!(end > start)) return [];
  const out: Piece[] = [];
  let cursor = start;
  for (const pause of spansOf(segment.pauses)) {
    const from = Math.max(pause.from, start);
    const to = Math.min(pause.to, end);
    if (!(to > from)) continue;
    if (from > cursor) out.push({ segment: index, from: cursor, to: from });
    cursor = Math.max(cursor, to);
  }
  if (end > cursor) out.push({ segment: index, from: cursor, to: end });
  return out;
}

type Window = Span & { percent: number };

/** The best percent off of the windows an instant falls in (0 when none). */
function bestPercent(windows: readonly Window[], at: number): number {
  return Math.max(0, ...windows.filter((w) => at >= w.from && at < w.to).map((w) => w.percent));
}

/** What `percent` takes off a charge, rounded as the bill rounds it. */
const discountOf = (charge: number, percent: number) => Math.round((charge * percent) / 100);

function windowsOf(input: Pick<TBillingInput, 'discount_windows'>): Window[] {
  return (input.discount_windows ?? []).map((w) => ({
    from: ms(w.from),
    to: w.to === null ? Number.POSITIVE_INFINITY : ms(w.to),
    percent: w.percent,
  }));
}

/**
 * What a minute started at `at` costs at `price`, with the discount windows the bill would be
 * given: the price shown to a person before they play is this, so it is what the bill charges.
 */
export function pricePerMinuteAt(
  price: number,
  input: Pick<TBillingInput, 'discount_windows'>,
  at: number,
): { percent_off: number; price_now: number } {
  const percent = bestPercent(windowsOf(input), at);
  return { percent_off: percent, price_now: price - discountOf(price, percent) };
}

/**
 * The fixed amount off table time that an order made at `at` gets: the best one active then,
 * never more than the table time it comes off (`tableTime`, after the happy-hour percents).
 * Once per order: a host's own time and their guests' together. The phone shows it, the kiosk
 * takes it off the order.
 */
export function fixedDiscountAt(input: Pick<TBillingInput, 'fixed_discounts'>, at: number, tableTime: number): number {
  const active = (input.fixed_discounts ?? []).filter((w) => at >= ms(w.from) && (w.to === null || at < ms(w.to)));
  const best = Math.max(0, ...active.map((w) => w.amount));
  return Math.max(0, Math.min(tableTime, best));
}

const filledInputs = new WeakMap<TPlayerBilling, { pauses: TBillingInterval[]; input: TBillingInput }>();

/**
 * The billing input of a player as a game's answer carries them (`TPlayer.billing`), with the
 * game's pauses in the segments that leave them out (those played in that game). The same
 * answer gives the same input, and every player of a game the game's one list, so the bill
 * parses the pauses once per game (`spansOf`).
 */
export function playerBillingInput(
  game: { id: number; pauses: TBillingInterval[] },
  billing: TPlayerBilling,
): TBillingInput {
  const known = filledInputs.get(billing);
  if (known && known.pauses === game.pauses) return known.input;
  const input = {
    ...billing,
    segments: billing.segments.map(({ pauses, ...segment }) => ({
      ...segment,
      // only the game's own segments leave their pauses out (`ZPlayerBilling`)
      pauses: pauses ?? (segment.game_id === game.id ? game.pauses : []),
    })),
  };
  filledInputs.set(billing, { pauses: game.pauses, input });
  return input;
}

/** What the session owes at instant `at` (ISO time or epoch ms). */
export function computeBill(input: TBillingInput, at: string | number | Date): Bill {
  const now = typeof at === 'number' ? at : typeof at === 'string' ? ms(at) : at.getTime();
  const { settings } = input;
  const unitMs = settings.rounding_minutes * MINUTE_MS;
  const all = input.segments.flatMap((segment, i) => pieces(segment, i, now)).sort((a, b) => a.from - b.from);
  const billableMs = all.reduce((sum, p) => sum + (p.to - p.from), 0);

  const lines: BillLine[] = input.segments.map((s) => ({
    table_id: s.table_id,
    price_per_minute: s.price_per_minute,
    minutes: 0,
    subscription_minutes: 0,
    total: 0,
  }));
  const inGrace = billableMs <= settings.grace_minutes * MINUTE_MS;
  const units = inGrace ? 0 : Math.ceil(billableMs / unitMs);

  let prepaid = input.subscription_minutes;
  const prepaidFrom = input.subscription_from ? ms(input.subscription_from) : Number.NEGATIVE_INFINITY;
  const subscriptionPauses = (input.subscription_pauses ?? []).map((p) => ({
    from: ms(p.from),
    to: p.to === null ? Number.POSITIVE_INFINITY : ms(p.to),
  }));
  const windows = windowsOf(input);
  let discount = 0;
  let pieceIndex = 0;
  let before = 0; // billable ms before the current piece
  for (let unit = 0; unit < units; unit++) {
    const position = unit * unitMs;
    while (pieceIndex < all.length - 1 && before + (all[pieceIndex]!.to - all[pieceIndex]!.from) <= position) {
      before += all[pieceIndex]!.to - all[pieceIndex]!.from;
      pieceIndex++;
    }
    const piece = all[pieceIndex]!;
    const line = lines[piece.segment]!;
    const startsAt = piece.from + (position - before);
    const prepaidNow =
      startsAt >= prepaidFrom && !subscriptionPauses.some((p) => startsAt >= p.from && startsAt < p.to);
    const covered = prepaidNow ? Math.min(prepaid, settings.rounding_minutes) : 0;
    prepaid -= covered;
    const charge = (settings.rounding_minutes - covered) * line.price_per_minute;
    line.minutes += settings.rounding_minutes;
    line.subscription_minutes += covered;
    line.total += charge;
    // the best window the unit starts in; per unit, so splitting play never changes it
    discount += discountOf(charge, bestPercent(windows, startsAt));
  }

  const charged = lines.reduce((sum, l) => sum + l.total, 0) - discount;
  const minimumAdjustment = units > 0 && charged < settings.minimum_charge ? settings.minimum_charge - charged : 0;
  return {
    billable_ms: billableMs,
    minutes: units * settings.rounding_minutes,
    subscription_minutes: lines.reduce((sum, l) => sum + l.subscription_minutes, 0),
    lines,
    discount,
    minimum_adjustment: minimumAdjustment,
    total: charged + minimumAdjustment,
  };
}
