import { useSyncExternalStore } from 'react';

/** Dark by default (SPEC §1), a light option remembered on this device. */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
const KEY = 'theme';
const listeners = new Set<() => void>();

export function storedTheme(): Theme {
  try {
    return window.localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

export function applyTheme(theme: Theme = storedTheme()): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0f1713' : '#f6f4ee');
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(KEY, theme);
  } catch {
    // private mode: the choice lasts this visit only
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (document.documentElement.dataset.theme === 'light' ? 'light' : 'dark'),
  );
}
