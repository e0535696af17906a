import { OPERATOR_IDLE_MS } from '@club/shared/cash-operators';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/server.ts';
import { useCounterOperator } from './counter-api.ts';

describe('the counter’s operator', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is asked for again when the server’s clock reaches their idle time, on a tablet whose clock is slow', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    // the tablet's clock is a minute behind the server's
    vi.setSystemTime(new Date('2026-03-02T18:00:00.000Z'));
    const serverNow = Date.parse('2026-03-02T18:01:00.000Z');
    const { calls } = fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/cash/operator'
            ? {
                body: {
                  success: true,
                  server_time: new Date(serverNow).toISOString(),
                  operator: {
                    user_id: 3,
                    name: 'Siri Stab',
                    cash_point: { id: 1, name: 'Kasse 1' },
                    signed_in_at: new Date(serverNow).toISOString(),
                    idle_until: new Date(serverNow + OPERATOR_IDLE_MS).toISOString(),
                  },
                },
              }
            : undefined,
      ],
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCounterOperator(), { wrapper });
    await waitFor(() => expect(result.current.data?.user_id).toBe(3));
    const asked = () => calls.filter((c) => c.path === '/v1/cash/operator').length;
    expect(asked()).toBe(1);
    // the server signs them out at idle_until; the tablet's own clock says a minute is left
    await vi.advanceTimersByTimeAsync(OPERATOR_IDLE_MS + 2_500);
    await waitFor(() => expect(asked()).toBe(2));
  });
});
