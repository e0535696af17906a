import { vatOf } from '@club/shared/vat';
import { describe, expect, it } from 'vitest';
import type { orderItems } from '../../db/schema.ts';
import { kr } from './format.ts';
import { journaledReturnLines, returnLines, saleLines, vatPerRate } from './lines.ts';

type Item = typeof orderItems.$inferSelect;
let id = 0;
const item = (total: number, vatRate: number, kind: Item['kind'] = 'product'): Item => ({
  id: ++id,
  orderId: 1,
  kind,
  description: `Linje ${id}`,
  quantity: 1,
  unitPrice: total,
  total,
  productId: null,
  subscriptionId: null,
  playerId: null,
  tableId: null,
  minutes: null,
  subscriptionMinutes: null,
  vatRate,
  vat: 0,
});
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('SAF-T lines', () => {
  it('spread an order discount over the sale lines so they add up to what was paid', () => {
    const items = [item(10_000, 25), item(4_990, 12), item(2_500, 0)];
    // the VAT each line stores is on its price after its share of the discount
    const shares = [857, 428, 214];
    for (const [i, it] of items.entries()) it.vat = vatOf(it.total - (shares[i] ?? 0), it.vatRate);
    const lines = saleLines({ discountAmount: 1_499 }, items);
    expect(sum(lines.map((l) => l.amountIn))).toBe(17_490 - 1_499);
    expect(sum(lines.map((l) => l.discount))).toBe(1_499);
    expect(lines.map((l) => l.vat)).toEqual(items.map((i) => i.vat));
    expect(vatPerRate(lines).map((v) => v.rate)).toEqual([25, 12, 0]);
  });

  it('take a return’s lines from its journal entry, or spread it by what each line cost', () => {
    const items = [item(10_000, 25, 'game'), item(3_000, 15)];
    for (const it of items) it.vat = vatOf(it.total, it.vatRate);
    const journaled = journaledReturnLines(
      [{ item_id: items[0]?.id ?? 0, kind: 'game', vat_rate: 25, gross: -4_000, vat: -800 }],
      items,
    );
    expect(journaled).toMatchObject([{ kind: 'game', amountIn: -4_000, vat: -800, vatRate: 25 }]);
    const sale = saleLines({ discountAmount: 0 }, items);
    const spread = returnLines(-5_001, -5_001 + 975, sale);
    expect(sum(spread.map((l) => l.amountIn))).toBe(-5_001);
    expect(sum(spread.map((l) => l.vat))).toBe(-975);
    expect(returnLines(-1_000, -800, [])).toEqual([
      { item: null, kind: null, amountIn: -1_000, vat: -200, vatRate: null, discount: 0 },
    ]);
  });

  it('write øre as kroner with two decimals, exactly', () => {
    expect([kr(0), kr(5), kr(-1_640), kr(123_456_789_012)]).toEqual(['0.00', '0.05', '-16.40', '1234567890.12']);
  });
});
