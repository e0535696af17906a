import { list } from '@club/shared/api';
import { ZGuestName } from '@club/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getMyGuests(signal?: AbortSignal) {
  return api.get('/v1/user/guests', { schema: list(ZGuestName), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/** Guests the person brought before, latest first, to add them again in one tap. */
export const myGuestsQueryOptions = () =>
  queryOptions({ queryKey: ['my-guests'], queryFn: ({ signal }) => getMyGuests(signal) });

export function useMyGuests(enabled = true) {
  return useQuery({ ...myGuestsQueryOptions(), enabled });
}
