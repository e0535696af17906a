import type { TDoorOpen } from '@club/shared/devices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { deviceKeys } from './device-keys.ts';

/** `GET /v1/door/access`: whether the person signed in may unlock the door now (shows the button). */
export const doorAccessQueryOptions = () =>
  queryOptions({
    queryKey: deviceKeys.doorAccess(),
    queryFn: ({ signal }) =>
      api
        .get('/v1/door/access', { schema: lazySchema(() => import('./door-answers.ts'), 'ZDoorAccessAnswer'), signal })
        .then((a) => a.access),
  });

export function useDoorAccess() {
  return useQuery(doorAccessQueryOptions());
}

/** `POST /v1/door/open`: pulses the door relay; a refusal is an `ApiError` (`error.door_not_allowed`…). */
export function openDoor(): Promise<TDoorOpen> {
  return api
    .post('/v1/door/open', { body: {}, schema: lazySchema(() => import('./door-answers.ts'), 'ZDoorOpenAnswer') })
    .then((a) => a.door);
}

export function useOpenDoor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDoor,
    // staff watching the access log see the try at once
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.doorLogs() }),
  });
}
