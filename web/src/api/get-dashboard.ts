import { one } from '@club/shared/api';
import { ZDashboard } from '@club/shared/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { dashboardKeys } from '../lib/query-keys.ts';

export function getDashboard(signal?: AbortSignal) {
  return api
    .get('/v1/report/dashboard', { schema: one('dashboard', ZDashboard), ...(signal ? { signal } : {}) })
    .then((a) => a.dashboard);
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal), staleTime: 0 });

/** Kept current by the admin room's `order:updated` and `table:updated` (live cache writer). */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
