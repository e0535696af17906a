import type { TNotification } from '@club/shared/notifications';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endLogin } from '../../../lib/session.ts';
import { renderApp } from '../../../testing/app.tsx';
import { fakeApi, fakeLogin, makeUser } from '../../../testing/server.ts';

/** A link stored before the API checked links is never rendered as an href. */
const UNSAFE = [
  'javascript:window.__xss=1',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example',
  '//evil.example',
  '/\\evil.example',
];

const notification = (id: number, url: string | null, message: string): TNotification => ({
  id,
  message,
  link_text: `Lenke ${id}`,
  url,
  audience: 'all',
  read_at: null,
  created_at: '2026-01-01T10:00:00.000Z',
});

describe('the notification list', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await setLocale('nb');
    queryClient.clear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    endLogin();
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('links only to https: and in-app paths, and shows markup as text', async () => {
    const data = [
      ...UNSAFE.map((url, i) => notification(i + 1, url, `Utrygg ${i + 1}`)),
      notification(10, '/shop', '<img src=x onerror=window.__xss=1>'),
      notification(11, 'https://club.example/news', 'Nyheter'),
    ];
    fakeLogin();
    fakeApi({
      user: makeUser(),
      handlers: [
        (url) =>
          url.pathname === '/v1/notification/my' ? { body: { success: true, data, unread: data.length } } : undefined,
      ],
    });
    await renderApp('/notifications');

    expect(await screen.findByText('<img src=x onerror=window.__xss=1>')).toBeTruthy();
    expect(screen.getByText('Utrygg 5')).toBeTruthy();
    const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    for (const url of UNSAFE) expect(hrefs).not.toContain(url);
    for (let i = 1; i <= UNSAFE.length; i++) expect(screen.queryByText(`Lenke ${i}`)).toBeNull();
    expect(hrefs).toEqual(expect.arrayContaining(['/shop', 'https://club.example/news']));
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
