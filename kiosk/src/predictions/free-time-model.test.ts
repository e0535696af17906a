/**
 * The prediction replayed on a generated club history: four months of sessions whose lengths
 * depend on weekday, hour and party size (log-normal around a typical length). The model learns
 * from the first three months and predicts the last month's sessions as they run, at the start
 * and after 30 and 60 minutes played; the error is the distance in minutes between the predicted
 * and the real end. README states the numbers this prints.
 */
import { describe, expect, it } from 'vitest';
import {
  buildModel,
  expectedMinutes,
  FALLBACK_MINUTES,
  MIN_SAMPLES,
  predictFreeAt,
  type Session,
} from './free-time-model.ts';
import { predictWaits } from './predict-waits.ts';

const ZONE = 'Europe/Oslo';

/** A small seeded generator (mulberry32), so the history is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateHistory(days: number, seed = 7): Session[] {
  const next = random(seed);
  const normal = () => Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());
  const sessions: Session[] = [];
  const start = Date.parse('2026-05-04T10:00:00Z');
  for (let day = 0; day < days; day++) {
    const date = new Date(start + day * 86_400_000);
    const weekend = [0, 5, 6].includes(date.getUTCDay());
    const count = weekend ? 40 : 24;
    for (let i = 0; i < count; i++) {
      const hour = 12 + Math.floor(next() * 11);
      const party = 1 + Math.floor(next() * next() * 5);
      const typical = [45, 75, 95, 110, 120][party - 1]! * (hour >= 19 ? 1.3 : 1) * (weekend ? 1.2 : 1);
      const minutes = Math.max(5, typical * Math.exp(0.35 * normal()));
      sessions.push({
        startedAt: new Date(start + day * 86_400_000 + (hour - 10) * 3_600_000),
        minutes,
        partySize: party,
      });
    }
  }
  return sessions;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Median absolute error (minutes) of a predictor over the sessions still running at `played`. */
function replay(sessions: Session[], played: number, predictTotal: (s: Session, played: number) => number) {
  const running = sessions.filter((s) => s.minutes > played);
  return median(running.map((s) => Math.abs(predictTotal(s, played) - s.minutes)));
}

describe('predicted free time', () => {
  const history = generateHistory(120);
  const cut = history.findIndex((s) => s.startedAt.getTime() >= Date.parse('2026-08-02T00:00:00Z'));
  const learned = buildModel(history.slice(0, cut), ZONE);
  const ahead = history.slice(cut);

  it('predicts a replayed month within minutes, much closer than a fixed guess', () => {
    const results = [0, 30, 60].map((played) => {
      const model = replay(ahead, played, (s, p) => expectedMinutes(learned, s, p));
      // the fixed guess is what the kiosk says without history
      const fixed = replay(ahead, played, (_s, p) => (p < FALLBACK_MINUTES ? FALLBACK_MINUTES : p + 15));
      return { played, sessions: ahead.filter((s) => s.minutes > played).length, model, fixed };
    });
    console.info(
      'median absolute error of predicted free time (minutes):',
      results
        .map((r) => `after ${r.played} min: ${r.model.toFixed(1)} (fixed guess ${r.fixed.toFixed(1)}, n=${r.sessions})`)
        .join('; '),
    );
    for (const r of results) expect(r.model).toBeLessThan(r.fixed);
    expect(results[0]!.model).toBeLessThan(20);
    expect(results[2]!.model).toBeLessThan(25);
  });

  it('conditions on the time played: a long game is predicted to run past its time so far', () => {
    const evening = { startedAt: new Date('2026-08-07T18:30:00Z'), partySize: 4 };
    const fresh = expectedMinutes(learned, evening, 0);
    const long = expectedMinutes(learned, evening, fresh + 30);
    expect(long).toBeGreaterThan(fresh + 30);
    const now = new Date(evening.startedAt.getTime() + (fresh + 30) * 60_000);
    expect(predictFreeAt(learned, evening, now).getTime()).toBeGreaterThan(now.getTime());
  });

  it('groups by the local hour where the zone is a quarter hour off UTC, whatever was asked before', () => {
    // Kathmandu is UTC+5:45: 11:14:59 UTC is 16:59:59 there, 11:15:00 UTC is 17:00, the evening
    const at = (iso: string) => new Date(iso);
    const sessions = (iso: string, minutes: number): Session[] =>
      Array.from({ length: MIN_SAMPLES }, () => ({ startedAt: at(iso), minutes, partySize: 2 }));
    const history = [...sessions('2026-11-27T10:20:00Z', 30), ...sessions('2026-11-27T11:20:00Z', 90)];
    const model = buildModel(history, 'Asia/Kathmandu');
    const expected = (iso: string) => expectedMinutes(model, { startedAt: at(iso), partySize: 2 }, 0);
    for (let round = 0; round < 2; round++) {
      expect(expected('2026-11-27T11:00:00Z')).toBe(30);
      expect(expected('2026-11-27T11:14:59.999Z')).toBe(30);
      expect(expected('2026-11-27T11:15:00Z')).toBe(90);
      expect(expected('2026-11-27T12:14:59Z')).toBe(90);
    }
    // in Oslo (UTC+1) both instants are past noon, in the hour of the 90-minute sessions
    const oslo = buildModel(history, ZONE);
    for (const iso of ['2026-11-27T11:14:59.999Z', '2026-11-27T11:15:00Z'])
      expect(expectedMinutes(oslo, { startedAt: at(iso), partySize: 2 }, 0)).toBe(90);
  });

  it('falls back to a fixed guess when the history is thin', () => {
    const thin = buildModel(history.slice(0, MIN_SAMPLES - 1), ZONE);
    const game = { startedAt: new Date('2026-08-07T18:30:00Z'), partySize: 2 };
    expect(expectedMinutes(thin, game, 0)).toBe(FALLBACK_MINUTES);
    expect(expectedMinutes(thin, game, 90)).toBe(105);
  });

  it('gives each party in line the first table that fits it, after the parties before it', () => {
    const now = new Date('2026-08-07T18:00:00Z');
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const slots = [
      { capacity: 2, freeAt: at(10) },
      { capacity: 4, freeAt: at(30) },
    ];
    const waits = predictWaits(learned, slots, [2, 2, 4, 6], now);
    expect(waits[0]).toBe(10);
    expect(waits[1]).toBe(30);
    // the four-seater is taken by the second party, and frees again after its session
    expect(waits[2]).toBeGreaterThan(30);
    expect(waits[3]).toBeNull();
  });
});
