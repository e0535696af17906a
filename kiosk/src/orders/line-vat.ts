import { orderVat } from '@club/shared/vat';
import type { orderItems } from '../db/schema.ts';

type Line = Omit<typeof orderItems.$inferInsert, 'orderId'> & { vatRate: number };

/** Each line with the VAT of what it costs after its share of the order's discount (DESIGN §12). */
export function withLineVat<L extends Line>(lines: L[], discount: number): (L & { vat: number })[] {
  const vat = orderVat(
    lines.map((l) => ({ total: l.total, vat_rate: l.vatRate })),
    discount,
  );
  return lines.map((line, i) => ({ ...line, vat: vat.lines[i]?.vat ?? 0 }));
}
