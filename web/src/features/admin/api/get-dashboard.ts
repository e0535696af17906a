import { one } from '@club/shared/api';
import { ZDashboard } from '@club/shared/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often the dashboard follows the club until the realtime gateway pushes. */
export const DASHBOARD_REFETCH_MS = 10_000;

export function getDashboard(signal?: AbortSignal) {
  return api
    .get('/v1/report/dashboard', { schema: one('dashboard', ZDashboard), ...(signal ? { signal } : {}) })
    .then((a) => a.dashboard);
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: ({ signal }) => getDashboard(signal), staleTime: 0 });

export function useDashboard() {
  return useQuery({ ...dashboardQueryOptions(), refetchInterval: DASHBOARD_REFETCH_MS });
}
