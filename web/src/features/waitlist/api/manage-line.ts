import type { TWaitlistAddBody, TWaitlistMoveBody } from '@club/shared/waitlist';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { waitlistKeys } from '../../../lib/query-keys.ts';

export function getLine(signal?: AbortSignal) {
  return api
    .get('/v1/waitlist/all', {
      schema: lazySchema(() => import('./answers.ts'), 'ZLineAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

/** The whole line in order (staff); the admin room's `waitlist:updated` keeps it current. */
export const lineQueryOptions = () =>
  queryOptions({ queryKey: waitlistKeys.line(), queryFn: ({ signal }) => getLine(signal) });

export function useLine() {
  return useQuery(lineQueryOptions());
}

type LineChange =
  | { kind: 'add'; body: TWaitlistAddBody }
  | { kind: 'move'; body: TWaitlistMoveBody }
  | { kind: 'remove' | 'seat'; body: { id: number } };

export function changeLine(change: LineChange) {
  return api.post(`/v1/waitlist/${change.kind}`, { body: change.body });
}

/** Staff add a walk-in, move a party, take one out or mark it seated. */
export function useChangeLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
