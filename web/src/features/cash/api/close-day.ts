import { one } from '@club/shared/api';
import { type TCashReport, ZCashReport } from '@club/shared/cash';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';
import { cashKeys } from './get-x-report.ts';

/** The day close: the next Z report (`POST /v1/cash/z-report`). */
export function closeDay(pointId: number | undefined): Promise<TCashReport> {
  return api
    .post(forCashPoint('/v1/cash/z-report', pointId), { schema: one('report', ZCashReport) })
    .then((a) => a.report);
}

export function useCloseDay() {
  const queryClient = useQueryClient();
  const pointId = useCashPointId();
  return useMutation({
    mutationFn: () => closeDay(pointId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashKeys.all }),
  });
}
