import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions } from '../../../api/get-dashboard.ts';

/** Today's dashboard (the same cache entry as the admin dashboard's), for its approval queue. */
export const approvalsQueryOptions = dashboardQueryOptions;

/** Card-terminal payments waiting for staff to approve them, oldest first. */
export function useApprovals() {
  return useQuery({
    ...dashboardQueryOptions(),
    select: (dashboard) => [...dashboard.awaiting_approval].sort((a, b) => a.since.localeCompare(b.since)),
  });
}
