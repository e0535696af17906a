import { one } from '@club/shared/api';
import { type TCashReport, ZCashReport } from '@club/shared/cash';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { cashKeys } from './get-x-report.ts';

/** The day close: the next Z report (`POST /v1/cash/z-report`). */
export function closeDay(): Promise<TCashReport> {
  return api.post('/v1/cash/z-report', { schema: one('report', ZCashReport) }).then((a) => a.report);
}

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashKeys.all }),
  });
}
