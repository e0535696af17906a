import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { waitlistKeys } from '../../../lib/query-keys.ts';

export function getMyWaitlist(signal?: AbortSignal) {
  return api.get('/v1/waitlist', {
    schema: lazySchema(() => import('./answers.ts'), 'ZMyWaitlistAnswer'),
    ...(signal ? { signal } : {}),
  });
}

/** The person's place in line (entry null when not in it) and how many parties wait. */
export const myWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: waitlistKeys.mine(),
    queryFn: ({ signal }) => getMyWaitlist(signal),
    staleTime: 0,
  });

/** The person's own room tells of changes to the line and of an offer (`waitlist:*`). */
export function useMyWaitlist(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myWaitlistQueryOptions(), enabled: options.enabled ?? true });
}
