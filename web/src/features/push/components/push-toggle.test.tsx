import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTextGroups, setLocale } from '../../../lib/i18n.ts';
import { cleanUpComponent, renderWithProviders } from '../../../testing/render.tsx';
import { fakeApi } from '../../../testing/server.ts';
import { PushToggle } from './push-toggle.tsx';

/**
 * The browser's side of push, as a phone whose push service turns the subscription down (the
 * system's push blocked, no connection to it): the browser's API is the one thing here that
 * talks to Google's or Apple's servers, so it stands in for them.
 */
function phoneWhosePushServiceRefuses() {
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async () => {
      throw new DOMException('Registration failed - push service error', 'AbortError');
    }),
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      permission: 'default',
      requestPermission: vi.fn(async () => 'granted'),
    }),
  );
  return pushManager;
}

describe('notifications on this device', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setLocale('nb');
    await loadTextGroups(['waitlist']);
  });
  afterEach(() => {
    cleanUpComponent();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.restoreAllMocks();
  });

  it('says so when they could not be turned on, and offers to try again', async () => {
    const pushManager = phoneWhosePushServiceRefuses();
    fakeApi({
      handlers: [
        (url) =>
          url.pathname === '/v1/push/key'
            ? {
                body: {
                  success: true,
                  public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
                },
              }
            : undefined,
      ],
    });
    renderWithProviders(<PushToggle />);

    fireEvent.click(await screen.findByRole('button', { name: 'Slå på varsler' }));
    await waitFor(() => expect(pushManager.subscribe).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByTestId('push-toggle').textContent).toContain('De kunne ikke slås på akkurat nå.'),
    );
    expect(screen.getByRole('button', { name: 'Slå på varsler' })).toBeTruthy();
  });
});
