import { percentOf } from '@club/shared/money';
import { instantOf, localDate, nextDay, startOfDay } from '@club/shared/time-zone';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { discounts } from '../db/schema.ts';
import { clubTimeZone } from './club-time-zone.ts';

type DiscountRow = typeof discounts.$inferSelect;
type Target = DiscountRow['appliesTo'];

const isoWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The stretches of time in [from, to) when a discount applies, from its dates, weekdays and hours. */
export function windowsOf(
  d: DiscountRow,
  from: number,
  to: number,
  timeZone = clubTimeZone(),
): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const lower = Math.max(from, d.validFrom?.getTime() ?? Number.NEGATIVE_INFINITY);
  const upper = Math.min(to, d.validTo?.getTime() ?? Number.POSITIVE_INFINITY);
  if (!(upper > lower)) return out;
  // from the day before, for windows that run past midnight
  let day = localDate(lower - 86_400_000, timeZone);
  while (startOfDay(day, timeZone) < upper) {
    if (!d.weekdays.length || d.weekdays.includes(isoWeekday(day))) {
      let start = startOfDay(day, timeZone);
      let end = startOfDay(nextDay(day), timeZone);
      if (d.timeFrom !== null && d.timeTo !== null) {
        // on the wall clock: a day with summer time starting or ending is 23 or 25 hours long
        start = instantOf(day, d.timeFrom, timeZone);
        end = instantOf(d.timeTo > d.timeFrom ? day : nextDay(day), d.timeTo, timeZone); // 22:00–02:00
      }
      const clipped = { from: Math.max(start, lower), to: Math.min(end, upper) };
      if (clipped.to > clipped.from) out.push(clipped);
    }
    day = nextDay(day);
  }
  return out;
}

/**
 * The active discounts, kept in memory: every running bill and every order reads them. The
 * discount services forget them on each change (`forgetDiscounts`).
 */
const activeDiscounts = cachedRead((db) => db.select().from(discounts).where(eq(discounts.active, true)));

export function forgetDiscounts(db: Executor): void {
  activeDiscounts.forget(db);
}

async function forRole(db: Executor, roleId: number | null, target: Target): Promise<DiscountRow[]> {
  return (await activeDiscounts.get(db)).filter(
    (d) => d.appliesTo === target && (d.roleId === null || (roleId !== null && d.roleId === roleId)),
  );
}

/**
 * The discounts on table time, read once; the answer gives, for a role over a stretch of time,
 * the absolute windows of the percents (for the billing function) and of the fixed amounts
 * (taken off the order once, `fixedDiscountAt`).
 */
export async function tableTimeWindows(db: Executor) {
  const rows = (await activeDiscounts.get(db)).filter((d) => d.appliesTo === 'table_time');
  return (roleId: number, from: number, to: number) => {
    const forRole = rows.filter((d) => d.roleId === null || d.roleId === roleId);
    const spans = (kind: DiscountRow['kind'], end: number) =>
      forRole
        .filter((d) => d.kind === kind)
        .flatMap((d) =>
          windowsOf(d, from, end).map((w) => ({
            from: new Date(w.from).toISOString(),
            to: new Date(w.to).toISOString(),
            value: d.value,
          })),
        );
    return {
      discount_windows: spans('percent', to).map(({ value, ...w }) => ({ ...w, percent: value })),
      // the order is made at the session's end (`to`): an amount active at that instant counts
      fixed_discounts: spans('fixed', to + 1).map(({ value, ...w }) => ({ ...w, amount: value })),
    };
  };
}

const activeAt = (d: DiscountRow, at: number) => windowsOf(d, at, at + 1).length > 0;

/**
 * What a shop order is given off at `at`: per target the best percent discount on its lines
 * and the best fixed amount, never more than the lines it applies to. (A game's order takes
 * table time's discounts from its bills: the percents per unit, the fixed amount with
 * `fixedDiscountAt`.)
 */
export async function orderDiscount(
  db: Executor,
  input: { roleId: number | null; at: number; totals: Partial<Record<Target, number>> },
): Promise<number> {
  let total = 0;
  for (const [target, subtotal] of Object.entries(input.totals) as [Target, number][]) {
    if (!subtotal) continue;
    const live = (await forRole(db, input.roleId, target)).filter((d) => activeAt(d, input.at));
    const percent = Math.max(0, ...live.filter((d) => d.kind === 'percent').map((d) => d.value));
    const fixed = Math.max(0, ...live.filter((d) => d.kind === 'fixed').map((d) => d.value));
    total += Math.min(subtotal, percentOf(subtotal, percent) + fixed);
  }
  return Math.max(0, total);
}
