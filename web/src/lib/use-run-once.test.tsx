import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRunOnce } from './use-run-once.ts';

afterEach(cleanup);

/** A checkout whose second call is refused, as the kiosk refuses an empty cart. */
function Checkout({ calls, done }: { calls: number[]; done: string[] }) {
  const checkout = useMutation({
    mutationFn: async (n: number) => {
      calls.push(n);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (calls.length > 1) throw new Error('error.cart_empty');
      return `order ${n}`;
    },
  });
  const run = useRunOnce(checkout);
  return (
    <button type="button" onClick={() => run(calls.length + 1, { onSuccess: (order) => done.push(order) })}>
      Bestill
    </button>
  );
}

describe('useRunOnce', () => {
  it('sends a double tap once, and the first tap’s success follows; a tap after it has ended runs again', async () => {
    const calls: number[] = [];
    const done: string[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Checkout calls={calls} done={done} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Bestill' });
    fireEvent.click(button);
    fireEvent.click(button);
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(calls).toEqual([1]);
    expect(done).toEqual(['order 1']);
    fireEvent.click(button);
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(calls).toEqual([1, 2]);
    expect(done).toEqual(['order 1']);
  });
});
