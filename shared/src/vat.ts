import { z } from './zod.ts';

/** The Norwegian VAT rates a line can carry, in percent (DESIGN §12). */
export const VAT_RATES = [25, 15, 12, 0] as const;
export const ZVatRate = z.union(VAT_RATES.map((r) => z.literal(r))).meta({ id: 'VatRate' });
export type TVatRate = (typeof VAT_RATES)[number];

/** The VAT inside a VAT-inclusive amount in øre, rounded half away from zero (returns are negative). */
export function vatOf(gross: number, rate: number): number {
  const vat = Math.round((Math.abs(gross) * rate) / (100 + rate));
  return gross < 0 ? -vat : vat;
}

/**
 * Spreads an order-level discount over its lines in proportion to their totals; the øre
 * left by rounding go to the largest remainders, so the shares add up to the discount.
 */
export function discountShares(totals: readonly number[], discount: number): number[] {
  const sum = totals.reduce((s, t) => s + t, 0);
  if (discount === 0 || sum === 0) return totals.map(() => 0);
  const exact = totals.map((t) => (t * discount) / sum);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((s, x) => s + x, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

export interface VatLineInput {
  total: number;
  vat_rate: number;
}
export interface VatLine {
  vat_rate: number;
  /** what the line costs after its share of the order discount, VAT included */
  net_total: number;
  vat: number;
}
export interface VatRateTotal {
  vat_rate: number;
  gross: number;
  vat: number;
  net: number;
}
export interface OrderVat {
  lines: VatLine[];
  per_rate: VatRateTotal[];
  total: number;
  vat: number;
}

/**
 * The VAT of an order: each line's VAT on what it costs after its share of the discount,
 * rounded per line; the totals per rate are the sums of the lines, so they add up to the
 * order's total to the øre.
 */
export function orderVat(items: readonly VatLineInput[], discount = 0): OrderVat {
  const shares = discountShares(
    items.map((i) => i.total),
    discount,
  );
  const lines = items.map((item, index) => {
    const net = item.total - (shares[index] ?? 0);
    return { vat_rate: item.vat_rate, net_total: net, vat: vatOf(net, item.vat_rate) };
  });
  const byRate = new Map<number, VatRateTotal>();
  for (const line of lines) {
    const entry = byRate.get(line.vat_rate) ?? { vat_rate: line.vat_rate, gross: 0, vat: 0, net: 0 };
    entry.gross += line.net_total;
    entry.vat += line.vat;
    entry.net = entry.gross - entry.vat;
    byRate.set(line.vat_rate, entry);
  }
  const per_rate = [...byRate.values()].sort((a, b) => b.vat_rate - a.vat_rate);
  return {
    lines,
    per_rate,
    total: lines.reduce((s, l) => s + l.net_total, 0),
    vat: lines.reduce((s, l) => s + l.vat, 0),
  };
}
