import { describe, expect, it } from 'vitest';
import { ZDiscountBody } from './discounts.ts';

const discount = (valid_from: string, valid_to: string) =>
  ZDiscountBody.safeParse({
    name: 'Formiddag',
    kind: 'percent',
    value: 10,
    applies_to: 'table_time',
    valid_from,
    valid_to,
  });

describe('a discount’s dates', () => {
  it('are compared as instants, whatever the offset they are written with', () => {
    // 10:00 at +05:00 is 05:00Z, an hour before 06:00Z
    expect(discount('2026-12-10T10:00:00+05:00', '2026-12-10T06:00:00Z').success).toBe(true);
    const backwards = discount('2026-12-10T06:00:00Z', '2026-12-10T10:00:00+05:00');
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['valid_to', 'validation.invalid'],
    ]);
  });
});
