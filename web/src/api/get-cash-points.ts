import { one } from '@club/shared/api';
import { ZCashPoint } from '@club/shared/cash-operators';
import { z } from '@club/shared/zod';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/** The club's cash points: the counter signs in to one, the cash page reports on one. */
export const cashPointKeys = { all: ['cash-points'] as const };

export function useCashPoints() {
  return useQuery({
    queryKey: cashPointKeys.all,
    queryFn: ({ signal }) =>
      api
        .get('/v1/cash/points', { schema: one('cash_points', z.array(ZCashPoint)), signal })
        .then((a) => a.cash_points),
  });
}
