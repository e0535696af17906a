import { describe, expect, it } from 'vitest';
import { isInAppPath, isSafeLink } from './notifications.ts';

describe('notification links', () => {
  it('allow https: addresses and paths inside the app', () => {
    for (const url of ['https://club.example/x', '/shop', '/table/3?x=1#y', '/'])
      expect(isSafeLink(url), url).toBe(true);
    expect(isInAppPath('/profile')).toBe(true);
  });

  it('refuse other schemes and whatever a browser would read as another host', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'http://club.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'shop',
      '',
    ]) {
      expect(isSafeLink(url), JSON.stringify(url)).toBe(false);
    }
    expect(isInAppPath('https://club.example/shop')).toBe(false);
  });
});
