import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { drawsInTurn, queueTurn } from '../lib/first-screen.ts';

const STORAGE_KEY = 'scroll-positions';

let stored: Record<string, number> | undefined;
/**
 * The positions kept in the tab's storage, read once: the storage's first read is slow (5–10 ms
 * on a busy phone), so boot.tsx reads it while the first screen's code and data download.
 */
export function scrollPositions(): Record<string, number> {
  stored ??= storedPositions();
  return stored;
}

function storedPositions(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * What React Router's `<ScrollRestoration>` did (it needs the data router, left for its
 * size): a new screen starts at the top or at its `#hash`; back and forward, and a reload,
 * return to where that history entry was scrolled. Called by the layout that renders the
 * screen (its `<Outlet />`): its layout effect then runs once the new screen is in the page.
 * (A component of its own beside the outlet re-renders on its own when the location changes,
 * and Preact may commit it before the screen: the page is then too short to scroll back.)
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const type = useNavigationType();
  const at = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      scrollPositions()[at.current] = window.scrollY;
    };
    const persist = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(scrollPositions()));
      } catch {
        // private mode: positions last this page only
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    at.current = key;
    const saved = scrollPositions()[key];
    const restore = () => {
      if (type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
      else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      else if (type !== 'POP') window.scrollTo(0, 0);
    };
    // a first screen drawn in turns (components/in-turn.tsx) has its height, and its parts,
    // once its last turn is drawn: queued here, after them, as the layout commits last
    if (drawsInTurn()) return queueTurn(restore);
    restore();
    return undefined;
  }, [key, hash, type]);
}
