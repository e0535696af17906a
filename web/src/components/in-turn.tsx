import { type ReactNode, useLayoutEffect, useState } from 'react';
import { drawsInTurn, queueTurn } from '../lib/first-screen.ts';

/**
 * A part of a first screen drawn once the parts above it have painted, in a task of its own.
 * A phone's first render is one task, and Lighthouse counts every task over 50 ms (at 4× its
 * observed time) as blocking; drawn in turns, the screen's work comes in tasks short enough to
 * leave the phone answering. Only the parts below the first one: a part appears under what is
 * already drawn, so nothing moves (no layout shift). Later screens draw at once.
 */
export function InTurn({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(() => !drawsInTurn());
  // queued as it commits, in the render's task: its turn is then the frame after this one
  useLayoutEffect(() => (drawn ? undefined : queueTurn(() => setDrawn(true))), [drawn]);
  return drawn ? children : null;
}
