/**
 * The page a person was on their way to when the app first had to ask who they are: a
 * table's QR code opened on a new phone goes through login, registration and the e-mail
 * link (often opened in a new tab) before the table can show. Kept in `localStorage` for
 * an hour, so every step of that path can end where the person meant to go.
 */
const KEY = 'club.intended-page';
const MAX_AGE_MS = 60 * 60 * 1000;

/** Only paths inside the app, never another site or the auth pages themselves. */
function usable(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && path !== '/' && !/^\/(login|register|verify)/.test(path);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberIntendedPage(path: string): void {
  if (!usable(path)) return;
  storage()?.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
}

/** The remembered page, if fresh. */
export function intendedPage(): string | undefined {
  const raw = storage()?.getItem(KEY);
  if (!raw) return undefined;
  try {
    const { path, at } = JSON.parse(raw) as { path: unknown; at: unknown };
    if (typeof path === 'string' && typeof at === 'number' && Date.now() - at < MAX_AGE_MS && usable(path)) return path;
  } catch {
    // a value of another shape: forget it
  }
  forgetIntendedPage();
  return undefined;
}

export function forgetIntendedPage(): void {
  storage()?.removeItem(KEY);
}
