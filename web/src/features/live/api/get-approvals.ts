import { one } from '@club/shared/api';
import { ZDashboard } from '@club/shared/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { dashboardKeys } from '../../../lib/query-keys.ts';

export function getDashboard(signal?: AbortSignal) {
  return api
    .get('/v1/report/dashboard', { schema: one('dashboard', ZDashboard), ...(signal ? { signal } : {}) })
    .then((a) => a.dashboard);
}

/** Today's dashboard (the same cache entry as the admin dashboard's), for its approval queue. */
export const approvalsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal), staleTime: 0 });

/** Card-terminal payments waiting for staff to approve them, oldest first. */
export function useApprovals() {
  return useQuery({
    ...approvalsQueryOptions(),
    select: (dashboard) => [...dashboard.awaiting_approval].sort((a, b) => a.since.localeCompare(b.since)),
  });
}
