import { type CSSProperties, useLayoutEffect, useState } from 'react';
import { type TvGrid, tvGrid } from './tv-layout.ts';

/** where the board is one screen, never scrolled: the `@media` of live.css that uses the grid */
const ONE_SCREEN_MEDIA = '(min-width: 900px) and (orientation: landscape)';

/**
 * The grid's columns and rows for `tables` cards in the space the board leaves it, measured
 * again whenever that space changes (a resized window, a rotated screen). Handed to the CSS
 * as `--tv-columns` and `--tv-rows`, which only its one-screen mode (a landscape screen)
 * uses: whether the board fills the screen or scrolls is the stylesheet's call alone.
 */
export function useTvGrid<T extends HTMLElement>(tables: number) {
  // a callback ref: the list mounts only once the board has its tables
  const [element, ref] = useState<T | null>(null);
  const [grid, setGrid] = useState<TvGrid | null>(null);
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const oneScreen = matchMedia(ONE_SCREEN_MEDIA);
    const measure = () => {
      // a scrolled list has no use for the grid, and measuring it in the first render made the
      // phone lay the whole board out an extra time; a turn to landscape resizes the list
      if (!oneScreen.matches) return;
      const gap = Number.parseFloat(getComputedStyle(element).rowGap) || 0;
      const next = tvGrid(element.clientWidth, element.clientHeight, gap, tables);
      setGrid((last) => (last?.columns === next.columns && last.rows === next.rows ? last : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, tables]);
  const style = grid ? ({ '--tv-columns': grid.columns, '--tv-rows': grid.rows } as CSSProperties) : undefined;
  return { ref, style };
}
