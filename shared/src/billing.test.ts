import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBill, fixedDiscountAt } from './bill.ts';
import { resolvePrice, type TBillingInput, type TBillingSegment, type TBillingSettings } from './billing.ts';

const T0 = Date.parse('2026-11-21T18:00:00.000Z');
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const MIN = 60_000;
const plain: TBillingSettings = { rounding_minutes: 1, minimum_charge: 0, grace_minutes: 0 };

function session(segments: TBillingSegment[], subscription_minutes = 0, settings = plain): TBillingInput {
  return {
    segments,
    subscription_minutes,
    subscription_pauses: [],
    discount_windows: [],
    fixed_discounts: [],
    settings,
  };
}
const seg = (
  from: number,
  to: number | null,
  price = 250,
  pauses: [number, number | null][] = [],
  table_id = 1,
): TBillingSegment => ({
  table_id,
  price_per_minute: price,
  from: iso(from),
  to: to === null ? null : iso(to),
  pauses: pauses.map(([f, t]) => ({ from: iso(f), to: t === null ? null : iso(t) })),
});

describe('computeBill', () => {
  it('charges per started minute', () => {
    const s = session([seg(0, null)]);
    expect(computeBill(s, T0).total).toBe(0);
    expect(computeBill(s, T0 + 1).total).toBe(250);
    expect(computeBill(s, T0 + MIN).total).toBe(250);
    expect(computeBill(s, T0 + MIN + 1).total).toBe(500);
    expect(computeBill(s, T0 + 60 * MIN).minutes).toBe(60);
  });

  it('does not charge pauses', () => {
    const s = session([seg(0, null, 100, [[10 * MIN, 40 * MIN]])]);
    expect(computeBill(s, T0 + 10 * MIN).total).toBe(1000);
    expect(computeBill(s, T0 + 39 * MIN).total).toBe(1000);
    expect(computeBill(s, T0 + 50 * MIN).total).toBe(2000);
  });

  it('follows a pause list that grows or closes between two bills of the same list', () => {
    const s = session([seg(0, null, 100, [[10 * MIN, null]])]);
    expect(computeBill(s, T0 + 50 * MIN).total).toBe(1000);
    s.segments[0]!.pauses[0]!.to = iso(20 * MIN);
    expect(computeBill(s, T0 + 50 * MIN).total).toBe(4000);
    s.segments[0]!.pauses.push({ from: iso(30 * MIN), to: null });
    expect(computeBill(s, T0 + 50 * MIN).total).toBe(2000);
  });

  it('follows a pause that two lists share and that is closed in place between their bills', () => {
    const open = { from: iso(10 * MIN), to: null as string | null };
    const short = session([{ ...seg(0, null, 100), pauses: [open] }]);
    const long = session([{ ...seg(0, null, 100), pauses: [open, { from: iso(40 * MIN), to: null }] }]);
    expect(computeBill(short, T0 + 50 * MIN).total).toBe(1000);
    open.to = iso(20 * MIN);
    expect(computeBill(long, T0 + 50 * MIN).total).toBe(3000);
    expect(computeBill(short, T0 + 50 * MIN).total).toBe(4000);
  });

  it('bills players sharing one pause list each for the pauses in their own time, the list in any order', () => {
    const pauses = [
      { from: iso(30 * MIN), to: iso(35 * MIN) },
      { from: iso(10 * MIN), to: iso(20 * MIN) },
    ];
    const first = session([{ ...seg(0, null), pauses }]);
    const later = session([{ ...seg(15 * MIN, null), pauses }]);
    expect(computeBill(first, T0 + 40 * MIN).minutes).toBe(25);
    expect(computeBill(later, T0 + 40 * MIN).minutes).toBe(15);
  });

  it('stops at leave, whatever instant it is asked at', () => {
    const s = session([seg(0, 30 * MIN + 5)]);
    expect(computeBill(s, T0 + 90 * MIN).total).toBe(31 * 250);
  });

  it('charges each started minute at the price of the table where it started', () => {
    // 2.5 min at 100, then switch: minute 3 started at table 1, so it is billed at 100
    const s = session([seg(0, 150_000, 100, [], 1), seg(150_000, 300_000, 300, [], 2)]);
    const bill = computeBill(s, T0 + 300_000);
    expect(bill.minutes).toBe(5);
    expect(bill.lines.map((l) => [l.table_id, l.minutes, l.total])).toEqual([
      [1, 3, 300],
      [2, 2, 600],
    ]);
    expect(bill.total).toBe(900);
  });

  it('lets subscription minutes pay first', () => {
    const s = session([seg(0, null, 200)], 30);
    expect(computeBill(s, T0 + 30 * MIN).total).toBe(0);
    const later = computeBill(s, T0 + 45 * MIN);
    expect(later).toMatchObject({ total: 15 * 200, subscription_minutes: 30, minutes: 45 });
  });

  it('charges the normal price while the subscription is paused, and saves its minutes', () => {
    const s = {
      ...session([seg(0, null, 200)], 30),
      subscription_pauses: [{ from: iso(10 * MIN), to: iso(20 * MIN) }],
    };
    const bill = computeBill(s, T0 + 40 * MIN);
    // minutes 0–10 and 20–40 prepaid (30), 10–20 charged
    expect(bill).toMatchObject({ subscription_minutes: 30, total: 10 * 200 });
    const open = { ...session([seg(0, null, 200)], 30), subscription_pauses: [{ from: iso(5 * MIN), to: null }] };
    expect(computeBill(open, T0 + 15 * MIN)).toMatchObject({ subscription_minutes: 5, total: 10 * 200 });
  });

  it('covers with hours bought during the session only the minutes started after they were paid', () => {
    const s = { ...session([seg(0, null, 200)], 60), subscription_from: iso(10 * MIN + 30_000) };
    // minutes 0–11 started before the payment: charged; 11–40 after it: prepaid
    expect(computeBill(s, T0 + 40 * MIN)).toMatchObject({ minutes: 40, subscription_minutes: 29, total: 11 * 200 });
    expect(computeBill(s, T0 + 10 * MIN)).toMatchObject({ subscription_minutes: 0, total: 10 * 200 });
  });

  it('discounts exactly the minutes played inside a happy-hour window', () => {
    const s = {
      ...session([seg(0, null, 200)]),
      discount_windows: [{ from: iso(10 * MIN), to: iso(20 * MIN), percent: 50 }],
    };
    const bill = computeBill(s, T0 + 30 * MIN);
    expect(bill).toMatchObject({ minutes: 30, discount: 10 * 100, total: 30 * 200 - 1000 });
    // overlapping windows do not stack: the best one counts
    const both = { ...s, discount_windows: [...s.discount_windows, { from: iso(0), to: iso(15 * MIN), percent: 25 }] };
    // minutes 0–10 at 25 % (50 øre each), 10–20 at 50 % (100 øre each), 20–30 none
    expect(computeBill(both, T0 + 30 * MIN).discount).toBe(10 * 50 + 10 * 100);
  });

  it('applies the rounding unit, grace period and minimum charge', () => {
    const s = (settings: TBillingSettings) => session([seg(0, null, 100)], 0, settings);
    expect(computeBill(s({ rounding_minutes: 15, minimum_charge: 0, grace_minutes: 0 }), T0 + 16 * MIN).total).toBe(
      3000,
    );
    const grace = s({ rounding_minutes: 1, minimum_charge: 0, grace_minutes: 3 });
    expect(computeBill(grace, T0 + 3 * MIN).total).toBe(0);
    expect(computeBill(grace, T0 + 3 * MIN + 1).total).toBe(400);
    const minimum = computeBill(s({ rounding_minutes: 1, minimum_charge: 5000, grace_minutes: 0 }), T0 + 2 * MIN);
    expect(minimum).toMatchObject({ total: 5000, minimum_adjustment: 4800 });
  });
});

describe('resolvePrice', () => {
  const pricing = [
    { role_id: 1, table_id: null, price_per_minute: 170 },
    { role_id: 1, table_id: 7, price_per_minute: 250 },
  ];
  it('prefers the table-specific role price, then the role price, then the table', () => {
    expect(resolvePrice({ id: 7, price_per_minute: 350 }, 1, pricing)).toBe(250);
    expect(resolvePrice({ id: 2, price_per_minute: 250 }, 1, pricing)).toBe(170);
    expect(resolvePrice({ id: 2, price_per_minute: 250 }, 2, pricing)).toBe(250);
  });
});

// --- properties ------------------------------------------------------------------------

type Step = { kind: 'play' | 'pause' | 'switch'; ms: number; price: number };
const arbSettings = fc.record({
  rounding_minutes: fc.constantFrom(1 as const, 5 as const, 15 as const),
  minimum_charge: fc.integer({ min: 0, max: 10_000 }),
  grace_minutes: fc.integer({ min: 0, max: 10 }),
});
const arbSteps = fc.array(
  fc.record({
    kind: fc.constantFrom<Step['kind']>('play', 'pause', 'switch'),
    ms: fc.integer({ min: 0, max: 45 * MIN }),
    price: fc.integer({ min: 0, max: 1000 }),
  }),
  { minLength: 1, maxLength: 12 },
);

/** A session built from steps: play, pause, or switch table (a new segment at a new price). */
function build(steps: Step[], subscription: number, settings: TBillingSettings) {
  const segments: TBillingSegment[] = [];
  let t = 0;
  let current = seg(0, null, steps[0]!.price, [], 1);
  const playing: [number, number][] = [];
  for (const step of steps) {
    if (step.kind === 'pause') current.pauses.push({ from: iso(t), to: iso(t + step.ms) });
    if (step.kind === 'switch') {
      current.to = iso(t);
      segments.push(current);
      current = seg(t, null, step.price, [], segments.length + 1);
    }
    if (step.kind === 'play') playing.push([t, t + step.ms]);
    t += step.ms;
  }
  segments.push(current);
  const input = session(segments, subscription, settings);
  // a happy hour somewhere in the evening
  input.discount_windows = [{ from: iso(Math.floor(t / 3)), to: iso(Math.floor((2 * t) / 3)), percent: 30 }];
  return { input, end: t, playing };
}

describe('billing properties', () => {
  it('the running total at the moment of leaving equals the order total', () => {
    fc.assert(
      fc.property(
        arbSteps,
        fc.integer({ min: 0, max: 120 }),
        arbSettings,
        fc.integer({ min: 0, max: 10 * MIN }),
        (steps, sub, settings, later) => {
          const { input, end } = build(steps, sub, settings);
          const running = computeBill(input, T0 + end).total;
          const left = structuredClone(input);
          left.segments.at(-1)!.to = iso(end);
          const order = computeBill(left, T0 + end + later);
          expect(order.total).toBe(running);
          expect(order.lines.reduce((s, l) => s + l.total, 0) - order.discount + order.minimum_adjustment).toBe(
            order.total,
          );
        },
      ),
    );
  });

  it('never decreases while playing and never changes while paused', () => {
    fc.assert(
      fc.property(arbSteps, fc.integer({ min: 0, max: 120 }), arbSettings, (steps, sub, settings) => {
        const { input, end } = build(steps, sub, settings);
        let previous = -1;
        for (let at = 0; at <= end; at += Math.max(1, Math.floor(end / 40))) {
          const total = computeBill(input, T0 + at).total;
          expect(total).toBeGreaterThanOrEqual(previous);
          previous = total;
        }
        for (const segment of input.segments) {
          for (const pause of segment.pauses) {
            const from = Date.parse(pause.from);
            const to = Date.parse(pause.to!);
            // inside a pause of the current segment only (earlier segments are closed)
            if (segment === input.segments.at(-1)) {
              expect(computeBill(input, to).total).toBe(computeBill(input, from).total);
            }
          }
        }
      }),
    );
  });

  it('splitting the same play into segments never changes the total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 * MIN }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 60 }),
        arbSettings,
        fc.integer({ min: 0, max: 100 }),
        (lengths, price, sub, settings, happy) => {
          const total = lengths.reduce((a, b) => a + b, 0);
          const windows =
            happy > 0 ? [{ from: iso(Math.floor(total / 4)), to: iso(Math.floor(total / 2)), percent: happy }] : [];
          const withWindows = (input: TBillingInput) => ({ ...input, discount_windows: windows });
          const whole = computeBill(withWindows(session([seg(0, total, price, [], 1)], sub, settings)), T0 + total);
          let t = 0;
          const split = lengths.map((length, i) => {
            const s = seg(t, t + length, price, [], i + 1);
            t += length;
            return s;
          });
          const pieces = computeBill(withWindows(session(split, sub, settings)), T0 + total);
          expect(pieces.total).toBe(whole.total);
          expect(pieces.minutes).toBe(whole.minutes);
          // and pausing between the pieces instead of switching changes nothing either
          let u = 0;
          const pauses: [number, number][] = [];
          for (const length of lengths.slice(0, -1)) {
            u += length;
            pauses.push([u, u]);
          }
          const paused = computeBill(
            withWindows(session([seg(0, total, price, pauses, 1)], sub, settings)),
            T0 + total,
          );
          expect(paused.total).toBe(whole.total);
        },
      ),
    );
  });
});

describe('fixedDiscountAt', () => {
  const windows = {
    fixed_discounts: [
      { from: iso(0), to: iso(60 * MIN), amount: 1_000 },
      { from: iso(30 * MIN), to: null, amount: 2_500 },
    ],
  };
  it('gives the best amount active at the instant, none outside every window', () => {
    expect(fixedDiscountAt(windows, T0 + 10 * MIN, 10_000)).toBe(1_000);
    expect(fixedDiscountAt(windows, T0 + 45 * MIN, 10_000)).toBe(2_500);
    expect(fixedDiscountAt(windows, T0 - 1, 10_000)).toBe(0);
    expect(fixedDiscountAt({ fixed_discounts: [] }, T0, 10_000)).toBe(0);
  });
  it('never takes off more than the table time', () => {
    expect(fixedDiscountAt(windows, T0 + 45 * MIN, 1_350)).toBe(1_350);
    expect(fixedDiscountAt(windows, T0 + 45 * MIN, 0)).toBe(0);
  });
});
