import { useRef } from 'react';

interface Then<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
}

/**
 * A mutation's `mutate` that starts it only when no earlier call is still on its way: two taps
 * before the button shows it is busy send one request, and the first tap's callbacks run.
 * With plain `mutate` both go out and TanStack runs only the latest call's callbacks, so the
 * second's refusal replaced the first's success (the order made, an empty cart, no payment page).
 */
export function useRunOnce<TData, TVariables>(mutation: { mutateAsync: (variables: TVariables) => Promise<TData> }) {
  const running = useRef(false);
  return (variables: TVariables, then: Then<TData> = {}) => {
    if (running.current) return;
    running.current = true;
    mutation
      .mutateAsync(variables)
      // the API client has shown the error already (api-client.ts); here only what follows it
      .then(then.onSuccess, (error: unknown) => then.onError?.(error))
      .finally(() => {
        running.current = false;
        then.onSettled?.();
      });
  };
}
