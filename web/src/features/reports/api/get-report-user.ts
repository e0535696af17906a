import { one } from '@club/shared/api';
import { ZUser } from '@club/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export function getReportUser(id: number, signal?: AbortSignal) {
  return api.get(`/v1/user/${id}`, { schema: one('user', ZUser), ...(signal ? { signal } : {}) }).then((a) => a.user);
}

/** The person a one-user report is about (the same cache entry as the admin's user page). */
export const reportUserQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.one(id), queryFn: ({ signal }) => getReportUser(id, signal) });

export function useReportUser(id: number) {
  return useQuery({ ...reportUserQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
