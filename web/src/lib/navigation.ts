/**
 * Navigation for code outside components (the API client). The router registers itself
 * at start-up; before that, and in tests, nothing happens unless a navigator is set.
 */
export type Navigate = (path: string, options?: { replace?: boolean; state?: unknown }) => void;

let current: Navigate | undefined;

export function setNavigator(navigate: Navigate | undefined): void {
  current = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean; state?: unknown }): void {
  current?.(path, options);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
