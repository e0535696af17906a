import { paginated } from '@club/shared/api';
import { ZUser } from '@club/shared/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface UsersQuery {
  page: number;
  user?: string;
}

export function getUsers({ page, user }: UsersQuery, signal?: AbortSignal) {
  return api.get('/v1/user/all', { query: { page, user }, schema: paginated(ZUser), ...(signal ? { signal } : {}) });
}

/** Every user query starts with this key, so one invalidation refreshes them all. */
export const usersKey = ['users'] as const;

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersKey, query],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
