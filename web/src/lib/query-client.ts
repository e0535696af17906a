import { QueryClient } from '@tanstack/react-query';

/**
 * Server state lives here and nowhere else. Failures are already reported by the API client.
 * A reconnect does not refetch everything: the live client resyncs each followed room once
 * and refreshes what its events would have changed (`cache-writer.ts`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
