import { list } from '@club/shared/api';
import { type ZPricingUpdateBody, ZRolePricing } from '@club/shared/tables';
import type { z } from '@club/shared/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { pricingQueryOptions } from './get-pricing.ts';

export type TPricingUpdate = z.input<typeof ZPricingUpdateBody>;

/** Sets a role's price for all tables or one; `price_per_minute: null` removes it. */
export function updatePricing(body: TPricingUpdate) {
  return api.post('/v1/pricing/update', { body, schema: list(ZRolePricing) }).then((a) => a.data);
}

export function useUpdatePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePricing,
    // the answer is the whole new list: put it straight into the cache
    onSuccess: (data) => queryClient.setQueryData(pricingQueryOptions().queryKey, data),
  });
}
