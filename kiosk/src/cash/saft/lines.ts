import { discountShares, orderVat, vatOf } from '@club/shared/vat';
import type { orderItems, orders } from '../../db/schema.ts';
import type { ReturnLine } from '../journal-return.ts';

type Order = Pick<typeof orders.$inferSelect, 'discountAmount'>;
type Item = typeof orderItems.$inferSelect;

/** One `ctLine`: what it sold or gave back, its amount with VAT and the VAT in it (øre, negative for a return). */
export interface SaftLine {
  item: Item | null;
  /** the article group: the order line's kind */
  kind: string | null;
  amountIn: number;
  vat: number;
  /** null when the rate is not known (a return with no order to read it from) */
  vatRate: number | null;
  /** the line's share of the order discount */
  discount: number;
  /** units that came back on a return line (negative, as its amounts); null when not known */
  quantity?: number | null;
  /** a price reduction (goodwill) at one VAT rate: money back with no units */
  reduction?: boolean;
}

/**
 * A sale's lines as the receipt shows them: each after its share of the order discount,
 * with the VAT stored on the line, so they add up to the signed amounts with and without VAT.
 */
export function saleLines(order: Order, items: readonly Item[]): SaftLine[] {
  const vat = orderVat(
    items.map((i) => ({ total: i.total, vat_rate: i.vatRate })),
    order.discountAmount,
  );
  return items.map((item, index) => {
    const amountIn = vat.lines[index]?.net_total ?? item.total;
    return { item, kind: item.kind, amountIn, vat: item.vat, vatRate: item.vatRate, discount: item.total - amountIn };
  });
}

/**
 * A return's lines as its journal entry holds them: the part of each order line that came
 * back, then its price reductions, one line per VAT rate (no article, no units).
 */
export function journaledReturnLines(lines: readonly ReturnLine[], items: readonly Item[]): SaftLine[] {
  const returned: SaftLine[] = lines
    .filter((l) => !l.reduction)
    .map((l) => ({
      item: items.find((i) => i.id === l.item_id) ?? null,
      kind: l.kind,
      amountIn: l.gross,
      vat: l.vat,
      vatRate: l.vat_rate,
      discount: 0,
      quantity: l.quantity === undefined ? null : -l.quantity,
    }));
  const reductions = new Map<number, SaftLine>();
  for (const l of lines.filter((line) => line.reduction)) {
    const entry = reductions.get(l.vat_rate);
    if (!entry) {
      reductions.set(l.vat_rate, {
        item: null,
        kind: l.kind,
        amountIn: l.gross,
        vat: l.vat,
        vatRate: l.vat_rate,
        discount: 0,
        reduction: true,
      });
      continue;
    }
    entry.amountIn += l.gross;
    entry.vat += l.vat;
    // a reduction over several article groups names none
    if (entry.kind !== l.kind) entry.kind = null;
  }
  return [...returned, ...[...reductions.values()].sort((a, b) => (b.vatRate ?? 0) - (a.vatRate ?? 0))];
}

/**
 * A return journaled without its lines: the amount given back spread over the sale's lines in proportion to
 * what each cost, with VAT at each line's rate; the øre left by rounding VAT go to the
 * largest line that carries VAT, so the lines add up to the signed amounts.
 */
export function returnLines(amountIn: number, amountEx: number, sale: readonly SaftLine[]): SaftLine[] {
  const sign = amountIn < 0 ? -1 : 1;
  const shares = discountShares(
    sale.map((l) => Math.max(l.amountIn, 0)),
    Math.abs(amountIn),
  );
  if (sale.length === 0 || shares.every((s) => s === 0))
    return [{ item: null, kind: null, amountIn, vat: amountIn - amountEx, vatRate: null, discount: 0 }];
  const lines = sale.map((l, i) => {
    const gross = sign * (shares[i] ?? 0);
    const vat = vatOf(gross, l.vatRate ?? 0);
    return { item: l.item, kind: l.kind, amountIn: gross, vat, vatRate: l.vatRate, discount: 0 };
  });
  const left = amountIn - amountEx - lines.reduce((s, l) => s + l.vat, 0);
  const taxed = lines.filter((l) => (l.vatRate ?? 0) > 0).sort((a, b) => Math.abs(b.amountIn) - Math.abs(a.amountIn));
  const target = taxed[0] ?? lines[0];
  if (target) target.vat += left;
  return lines.filter((l) => l.amountIn !== 0 || l.vat !== 0);
}

/** The VAT of some lines per rate, as the transaction's `vat` elements. */
export function vatPerRate(lines: readonly SaftLine[]): { rate: number | null; vat: number; base: number }[] {
  const byRate = new Map<number | null, { rate: number | null; vat: number; base: number }>();
  for (const line of lines) {
    const entry = byRate.get(line.vatRate) ?? { rate: line.vatRate, vat: 0, base: 0 };
    entry.vat += line.vat;
    entry.base += line.amountIn - line.vat;
    byRate.set(line.vatRate, entry);
  }
  return [...byRate.values()].sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1));
}
