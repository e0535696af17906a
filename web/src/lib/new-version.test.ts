import { describe, expect, it } from 'vitest';
import { reloadForNewVersion } from './new-version.ts';

describe('a screen whose code the updated app no longer has', () => {
  it('loads the page again, once, rather than falling to the error page', () => {
    const target = new EventTarget();
    let reloads = 0;
    let at = 1_000_000;
    sessionStorage.clear();
    reloadForNewVersion({ target, reload: () => reloads++, storage: sessionStorage, now: () => at });

    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reloads).toBe(1);
    // the page came back and the chunk is still missing: no loop
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reloads).toBe(1);
    // a later update, another time
    at += 60_000;
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reloads).toBe(2);
  });
});
