import type { TUser } from '@club/shared/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { lazySchema, PROFILE_PATH } from './api-client.ts';
import { profileKeys } from './query-keys.ts';
import { endLogin, isLoggedIn, useLoggedIn } from './session.ts';

/**
 * The logged-in person, shared by the guards, the layout and every screen. It lives in the
 * query cache like all server data.
 */
export function getProfile(signal?: AbortSignal): Promise<TUser> {
  return api
    .get(PROFILE_PATH, {
      schema: lazySchema(() => import('./answers.ts'), 'ZProfileAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.user);
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.mine(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });

/**
 * The profile when logged in; disabled (and `undefined`) without a login. `enabled: false`
 * only reads what is cached (a caller that may wait).
 */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  const loggedIn = useLoggedIn();
  return useQuery({ ...profileQueryOptions(), enabled: enabled && loggedIn });
}

/** The profile of a screen behind the profile guard: always there. */
export function useUser(): TUser {
  const { data } = useProfile();
  if (!data) throw new Error('useUser outside the profile guard');
  return data;
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // end the session on the server when it is reachable (its answer clears the session
      // cookie, which no script here can); the app forgets the login either way
      if (isLoggedIn())
        await api
          .post('/v1/auth/logout', { schema: lazySchema(() => import('./answers.ts'), 'ZOk') })
          .catch(() => undefined);
    },
    onSettled: () => {
      endLogin('logout');
      queryClient.clear();
    },
  });
}
