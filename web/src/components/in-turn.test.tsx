import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Fresh modules each time: the turns are the tab's first screen's, once. */
async function load() {
  vi.resetModules();
  const [{ InTurn }, firstScreen] = await Promise.all([import('./in-turn.tsx'), import('../lib/first-screen.ts')]);
  return { InTurn, ...firstScreen };
}

/** One frame painted and the task after it: one turn. */
const nextTurn = () => act(() => vi.advanceTimersByTimeAsync(20));

describe('InTurn', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('draws at once outside the first screen', async () => {
    const { InTurn } = await load();
    render(
      <main>
        <InTurn>
          <p>the tables</p>
        </InTurn>
      </main>,
    );
    expect(screen.getByText('the tables')).toBeTruthy();
  });

  it('draws a first screen’s parts one a turn, top to bottom, then later parts at once', async () => {
    const { InTurn, drawFirstScreenInTurns, drawsInTurn } = await load();
    drawFirstScreenInTurns();
    render(
      <main>
        <h1>Hello</h1>
        <InTurn>
          <p>the cards</p>
        </InTurn>
        <InTurn>
          <p>the tables</p>
        </InTurn>
      </main>,
    );
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.queryByText('the cards')).toBeNull();
    expect(screen.queryByText('the tables')).toBeNull();

    await nextTurn();
    expect(screen.getByText('the cards')).toBeTruthy();
    expect(screen.queryByText('the tables')).toBeNull();

    await nextTurn();
    expect(screen.getByText('the tables')).toBeTruthy();
    await nextTurn();
    expect(drawsInTurn()).toBe(false);

    // the next screen's parts draw with it
    cleanup();
    render(
      <InTurn>
        <p>the shop</p>
      </InTurn>,
    );
    expect(screen.getByText('the shop')).toBeTruthy();
  });

  it('skips the turn of a part that is gone before it', async () => {
    const { InTurn, drawFirstScreenInTurns } = await load();
    drawFirstScreenInTurns();
    const page = (withCards: boolean) => (
      <main>
        {withCards && (
          <InTurn>
            <p>the cards</p>
          </InTurn>
        )}
        <InTurn>
          <p>the tables</p>
        </InTurn>
      </main>
    );
    const view = render(page(true));
    view.rerender(page(false));
    await nextTurn();
    expect(screen.getByText('the tables')).toBeTruthy();
  });
});
