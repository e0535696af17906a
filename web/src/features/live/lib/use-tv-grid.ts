import { type CSSProperties, useLayoutEffect, useState } from 'react';
import { type TvGrid, tvGrid } from './tv-layout.ts';

/**
 * Where the board fills the screen (a landscape screen a wall TV could be, the same query as
 * `.tv-board`'s fit mode in live.css): a phone scrolls the list instead.
 */
export const TV_FIT_QUERY = '(min-width: 900px) and (orientation: landscape)';

/**
 * The grid's columns and rows for `tables` cards in the space the board leaves it, measured
 * again whenever that space changes (a resized window, a rotated screen); none while the
 * board scrolls. Handed to the CSS as `--tv-columns` and `--tv-rows`.
 */
export function useTvGrid<T extends HTMLElement>(tables: number) {
  // a callback ref: the list mounts only once the board has its tables
  const [element, ref] = useState<T | null>(null);
  const [grid, setGrid] = useState<TvGrid | null>(null);
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const fit = window.matchMedia(TV_FIT_QUERY);
    const measure = () => {
      if (!fit.matches) return setGrid(null);
      const gap = Number.parseFloat(getComputedStyle(element).rowGap) || 0;
      const next = tvGrid(element.clientWidth, element.clientHeight, gap, tables);
      setGrid((last) => (last?.columns === next.columns && last.rows === next.rows ? last : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    fit.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      fit.removeEventListener('change', measure);
    };
  }, [element, tables]);
  const style = grid ? ({ '--tv-columns': grid.columns, '--tv-rows': grid.rows } as CSSProperties) : undefined;
  return { ref, style };
}
