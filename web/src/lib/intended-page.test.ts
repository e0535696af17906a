import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetIntendedPage, intendedPage, rememberIntendedPage } from './intended-page.ts';

afterEach(() => {
  forgetIntendedPage();
  vi.useRealTimers();
});

describe('the intended page', () => {
  it('keeps a page inside the app for an hour', () => {
    vi.useFakeTimers();
    rememberIntendedPage('/table/5');
    expect(intendedPage()).toBe('/table/5');
    vi.advanceTimersByTime(61 * 60 * 1000);
    expect(intendedPage()).toBeUndefined();
  });

  it('never keeps another site, home or the auth pages', () => {
    for (const path of ['//evil.example', 'https://evil.example', '/', '/login', '/verify/abc', '/register']) {
      rememberIntendedPage(path);
      expect(intendedPage(), path).toBeUndefined();
    }
  });
});
