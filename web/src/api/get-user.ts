import { one } from '@club/shared/api';
import { ZUser } from '@club/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { userKeys } from '../lib/query-keys.ts';

export function getUser(id: number, signal?: AbortSignal) {
  return api.get(`/v1/user/${id}`, { schema: one('user', ZUser), ...(signal ? { signal } : {}) }).then((a) => a.user);
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.one(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUserById(id: number) {
  return useQuery({ ...userQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
