import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { lazySchema } from '../lib/api-client.ts';

export function getRoles(signal?: AbortSignal) {
  return api
    .get('/v1/role/all', {
      schema: lazySchema(() => import('./role-answers.ts'), 'ZRolesAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

export function getRole(id: number, signal?: AbortSignal) {
  return api
    .get(`/v1/role/${id}`, {
      schema: lazySchema(() => import('./role-answers.ts'), 'ZRoleAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.role);
}

/** Every role and one role: the prefix of both refreshes them after a change. */
export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'all'] as const,
  one: (id: number) => [...roleKeys.all, 'one', id] as const,
};

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: roleKeys.list(), queryFn: ({ signal }) => getRoles(signal) });

export const roleQueryOptions = (id: number) =>
  queryOptions({ queryKey: roleKeys.one(id), queryFn: ({ signal }) => getRole(id, signal) });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}

export function useRole(id: number) {
  return useQuery({ ...roleQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
