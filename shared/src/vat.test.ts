import { describe, expect, it } from 'vitest';
import { discountShares, orderVat, vatOf } from './vat.ts';

describe('VAT inside VAT-inclusive prices', () => {
  it('matches hand-computed amounts', () => {
    expect(vatOf(10_000, 25)).toBe(2_000); // 100,00 kr at 25 % → 20,00 kr
    expect(vatOf(9_990, 15)).toBe(1_303); // 99,90 × 15/115 = 13,0304…
    expect(vatOf(4_990, 12)).toBe(535); // 49,90 × 12/112 = 5,3464…
    expect(vatOf(3_900, 0)).toBe(0);
    expect(vatOf(-10_000, 25)).toBe(-2_000);
    expect(vatOf(1, 25)).toBe(0); // 0,2 øre
    expect(vatOf(3, 25)).toBe(1); // 0,6 øre
  });

  it('spreads a discount in proportion, the shares adding up exactly', () => {
    expect(discountShares([10_000, 5_000], 1_500)).toEqual([1_000, 500]);
    expect(discountShares([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(discountShares([100, 200], 0)).toEqual([0, 0]);
  });

  it('rounds per line and adds up per rate to the order total', () => {
    const vat = orderVat([
      { total: 10_000, vat_rate: 25 },
      { total: 9_990, vat_rate: 15 },
      { total: 3_333, vat_rate: 25 },
      { total: 2_000, vat_rate: 0 },
    ]);
    expect(vat.lines.map((l) => l.vat)).toEqual([2_000, 1_303, 667, 0]);
    expect(vat.per_rate).toEqual([
      { vat_rate: 25, gross: 13_333, vat: 2_667, net: 10_666 },
      { vat_rate: 15, gross: 9_990, vat: 1_303, net: 8_687 },
      { vat_rate: 0, gross: 2_000, vat: 0, net: 2_000 },
    ]);
    expect(vat.total).toBe(25_323);
    expect(vat.vat).toBe(3_970);
  });

  it('takes VAT after the discount', () => {
    // 150 kr with 15 kr off: 100 kr line pays 10, 50 kr line pays 5
    const vat = orderVat(
      [
        { total: 10_000, vat_rate: 25 },
        { total: 5_000, vat_rate: 15 },
      ],
      1_500,
    );
    expect(vat.lines).toEqual([
      { vat_rate: 25, net_total: 9_000, vat: 1_800 },
      { vat_rate: 15, net_total: 4_500, vat: 587 }, // 45,00 × 15/115 = 5,8695…
    ]);
    expect(vat.total).toBe(13_500);
  });
});
