import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { waitlistKeys } from '../../../lib/query-keys.ts';

export function joinWaitlist(partySize: number) {
  return api
    .post('/v1/waitlist/join', {
      body: { party_size: partySize },
      schema: lazySchema(() => import('./answers.ts'), 'ZEntryAnswer'),
    })
    .then((a) => a.entry);
}

export function leaveWaitlist() {
  return api.post('/v1/waitlist/leave', { body: {} });
}

/** Joins the line with a party of this size (a free table that fits is offered at once). */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}

/** Leaves the line, giving up a table offered. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
