import { paginated } from '@club/shared/api';
import { ZUser } from '@club/shared/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { userKeys } from '../lib/query-keys.ts';

export interface UsersQuery {
  page: number;
  user?: string;
}

export function getUsers({ page, user }: UsersQuery, signal?: AbortSignal) {
  return api.get('/v1/user/all', { query: { page, user }, schema: paginated(ZUser), ...(signal ? { signal } : {}) });
}

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
