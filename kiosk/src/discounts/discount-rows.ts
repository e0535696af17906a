import type { TDiscount, ZDiscountBody } from '@club/shared/discounts';
import type { z } from 'zod';
import type { discounts } from '../db/schema.ts';

type Row = typeof discounts.$inferSelect;
export const toDiscount = (r: Row): TDiscount => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  value: r.value,
  applies_to: r.appliesTo,
  role_id: r.roleId,
  valid_from: r.validFrom ? r.validFrom.toISOString() : null,
  valid_to: r.validTo ? r.validTo.toISOString() : null,
  weekdays: r.weekdays,
  time_from: r.timeFrom,
  time_to: r.timeTo,
  active: r.active,
});
/** The columns an admin's create or edit sets. */
export const discountColumns = (b: z.infer<typeof ZDiscountBody>) => ({
  name: b.name,
  kind: b.kind,
  value: b.value,
  appliesTo: b.applies_to,
  roleId: b.role_id,
  validFrom: b.valid_from ? new Date(b.valid_from) : null,
  validTo: b.valid_to ? new Date(b.valid_to) : null,
  weekdays: [...new Set(b.weekdays)].sort(),
  timeFrom: b.time_from,
  timeTo: b.time_to,
  active: b.active,
});
