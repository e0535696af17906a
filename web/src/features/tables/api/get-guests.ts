import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { guestKeys } from './keys.ts';

export function getMyGuests(signal?: AbortSignal) {
  return api
    .get('/v1/user/guests', {
      schema: lazySchema(() => import('./answers.ts'), 'ZGuestsAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

/** Guests the person brought before, latest first, to add them again in one tap. */
export const myGuestsQueryOptions = () =>
  queryOptions({ queryKey: guestKeys.mine(), queryFn: ({ signal }) => getMyGuests(signal) });

export function useMyGuests(enabled = true) {
  return useQuery({ ...myGuestsQueryOptions(), enabled });
}
