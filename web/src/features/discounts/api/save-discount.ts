import { one } from '@club/shared/api';
import { type TDiscount, ZDiscount, type ZDiscountBody } from '@club/shared/discounts';
import type { z } from '@club/shared/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { discountKeys } from './get-discounts.ts';

export type TDiscountBody = z.input<typeof ZDiscountBody>;

/** Creates a discount, or with an id updates it (`POST /discount/create|update`). */
export function saveDiscount({ id, body }: { id: number | null; body: TDiscountBody }): Promise<TDiscount> {
  return id === null
    ? api.post('/v1/discount/create', { body, schema: one('discount', ZDiscount) }).then((a) => a.discount)
    : api
        .post('/v1/discount/update', { body: { ...body, id }, schema: one('discount', ZDiscount) })
        .then((a) => a.discount);
}

export function useSaveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}
