import { type CSSProperties, useLayoutEffect, useState } from 'react';
import { type TvGrid, tvGrid } from './tv-layout.ts';

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
    const measure = () => {
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
