import { paginated } from '@club/shared/api';
import { ZDoorLogEntry, type ZDoorLogQuery } from '@club/shared/devices';
import type { z } from '@club/shared/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { deviceKeys } from './device-keys.ts';

/** `GET /v1/door/log`: every try at the door, newest first, a page at a time. */
export function useDoorLog(filter: z.output<typeof ZDoorLogQuery>) {
  return useQuery({
    queryKey: deviceKeys.doorLog(filter),
    queryFn: ({ signal }) =>
      api.get('/v1/door/log', { query: { ...filter }, schema: paginated(ZDoorLogEntry), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
